/** The library's error, as its renderError hands it over. */
export interface OidcErrorOut {
  error: string;
  error_description?: string;
}

/**
 * What a player reads when an app's request cannot be sent back to it: the app by its name when the
 * client is known (`appName`), in words rather than the library's, which name protocol fields.
 */
export function oidcErrorPage(out: OidcErrorOut, appName: string | null): { title: string; message: string } {
  const title = appName ? `The sign-in to ${appName} cannot go on` : 'This sign-in cannot go on';
  if (out.error === 'invalid_redirect_uri') {
    const app = appName ?? 'The app';
    return {
      title,
      message: `${app} asked to return you to an address that is not registered for it, so the sign-in stops here. An administrator can add the address to ${appName ?? 'the app'} in App Catalog.`,
    };
  }
  if (out.error === 'invalid_client') {
    return { title, message: 'No app is registered under this client ID. An administrator can check the app in App Catalog.' };
  }
  const why = out.error_description ? `${out.error_description}.` : `The request was refused (${out.error}).`;
  return { title, message: appName ? `${appName} sent a sign-in request the portal cannot accept: ${why}` : why };
}
