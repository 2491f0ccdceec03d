import type { App } from '@portal/contract';

/** The answer headers an app behind an ingress reads (docs/sign-in.md). */
const RESPONSE_HEADERS = [
  'X-Auth-Request-User',
  'X-Auth-Request-Name',
  'X-Auth-Request-Roles',
  'X-Auth-Request-Groups',
  'X-Auth-Request-Amr',
  'Authorization',
];

/** The auth service inside the cluster, as deploy/kubernetes names it: Traefik and Caddy ask it directly. */
export const IN_CLUSTER_AUTH = { url: 'http://swc-portal.swc-portal.svc', hostPort: 'swc-portal.swc-portal.svc:80' };

/**
 * What only the admin knows (where the app runs in their cluster): written as these placeholders, which the screen
 * marks, rather than guessed.
 */
export const PLACEHOLDERS = {
  namespace: '<your-namespace>',
  service: '<your-app-service>',
  port: '<your-app-port>',
  upstream: '<your-app-host>',
} as const;

/** A placeholder in a snippet, for the screen to mark it. */
export const PLACEHOLDER_PATTERN = /(<your-[a-z-]+>)/;

export interface Snippet {
  /** The ingress, as its users name it. */
  ingress: string;
  /** What the admin does with it. */
  where: string;
  code: string;
}

/** The app's host name from its URL, else an example one. */
function hostOf(app: Pick<App, 'url' | 'key'>): string {
  try {
    if (app.url) return new URL(app.url).host;
  } catch {
    // An invalid stored URL: fall through to the example.
  }
  return `${app.key}.example.com`;
}

/**
 * The forward-auth configuration of ingress-nginx, Traefik and Caddy for one app, filled in with its
 * audience and host and the portal's public address (nginx sends the browser to it to sign in).
 */
export function forwardAuthSnippets(app: Pick<App, 'audience' | 'url' | 'key'>, portal: string): Snippet[] {
  const aud = encodeURIComponent(app.audience);
  const host = hostOf(app);
  const { namespace, service, port, upstream } = PLACEHOLDERS;
  return [
    {
      ingress: 'ingress-nginx',
      where: "Annotations on the app's Ingress.",
      code: [
        'metadata:',
        '  annotations:',
        `    nginx.ingress.kubernetes.io/auth-url: '${portal}/auth/verify?aud=${aud}'`,
        `    nginx.ingress.kubernetes.io/auth-signin: '${portal}/auth/login?aud=${aud}&rd=$scheme://$host$escaped_request_uri'`,
        `    nginx.ingress.kubernetes.io/auth-response-headers: '${RESPONSE_HEADERS.join(',')}'`,
      ].join('\n'),
    },
    {
      ingress: 'Traefik',
      where: "A ForwardAuth middleware on the app's route, pointed at the auth service inside the cluster, not its public address.",
      code: [
        'apiVersion: traefik.io/v1alpha1',
        'kind: Middleware',
        `metadata: { name: portal-auth, namespace: ${namespace} }`,
        'spec:',
        '  forwardAuth:',
        `    address: ${IN_CLUSTER_AUTH.url}/auth/verify?aud=${aud}`,
        `    authResponseHeaders: [${RESPONSE_HEADERS.join(', ')}]`,
        '---',
        'apiVersion: traefik.io/v1alpha1',
        'kind: IngressRoute',
        `metadata: { name: ${app.key}, namespace: ${namespace} }`,
        'spec:',
        '  entryPoints: [websecure]',
        '  routes:',
        `    - match: Host(\`${host}\`)`,
        '      kind: Rule',
        '      middlewares: [{ name: portal-auth }]',
        `      services: [{ name: ${service}, port: ${port} }]`,
        '  tls: {}',
      ].join('\n'),
    },
    {
      ingress: 'Caddy',
      where: "forward_auth in the app's site block, pointed at the auth service itself.",
      code: [
        `${host} {`,
        `  forward_auth ${IN_CLUSTER_AUTH.hostPort} {`,
        `    uri /auth/verify?aud=${aud}`,
        `    copy_headers ${RESPONSE_HEADERS.join(' ')}`,
        '  }',
        `  reverse_proxy ${upstream}:${port}`,
        '}',
      ].join('\n'),
    },
  ];
}

/** Forward auth sends players back only to pages under one of the app's redirect URLs: its address ending in /. */
export const admitsItsPages = (app: Pick<App, 'redirect_urls'>) => app.redirect_urls.some((url) => url.endsWith('/'));
