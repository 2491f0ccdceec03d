import { escapeHtml, page } from './message-page.ts';

// The pages of the device flow (RFC 8628) at /device: a player types the code a bot or a command-line
// tool shows, sees what the app asks for, and allows or denies it.

const signedInAs = (name: string | null) => (name ? `<p>Signed in as <strong>${escapeHtml(name)}</strong>.</p>` : '');
const hidden = (name: string, value: string) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

/**
 * Where the player types the code; `problem` says why the last code was not taken, above the field. With
 * `sendOnScript`, the code came with the link the device showed: the page says so and that script sends the
 * form at once (Continue stays for a browser without scripts).
 */
export function deviceCodePage(input: {
  action: string;
  xsrf: string;
  playerName: string | null;
  code?: string;
  problem?: string;
  sendOnScript?: string;
}): string {
  const problem = input.problem ? `<p class="notice bad" role="alert">${escapeHtml(input.problem)}</p>` : '';
  const ask = input.sendOnScript
    ? '<p>Opening the code from your device’s link…</p>'
    : '<p>Enter the code your bot, command-line tool or device shows you.</p>';
  return page(
    'Connect a device',
    `<h1>Connect a device</h1>${signedInAs(input.playerName)}${problem}${ask}` +
      `<form method="post" action="${escapeHtml(input.action)}"${input.sendOnScript ? ' data-send-at-once' : ''}>${hidden('xsrf', input.xsrf)}` +
      `<label for="user_code">Code</label><input id="user_code" name="user_code" type="text" value="${escapeHtml(input.code ?? '')}" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" required autofocus>` +
      `<button class="btn" type="submit">Continue</button></form>`,
    input.sendOnScript ? `<script src="${escapeHtml(input.sendOnScript)}" defer></script>` : '',
  );
}

/** Allow or deny: the app, the code to compare with the device's, and what the app will get, in words. */
export function deviceConfirmPage(input: {
  action: string;
  xsrf: string;
  userCode: string;
  appName: string;
  playerName: string | null;
  gets: string[];
}): string {
  const gets = input.gets.length ? `<p>It will get:</p><ul>${input.gets.map((g) => `<li>${escapeHtml(g)}</li>`).join('')}</ul>` : '';
  return page(
    `Allow ${input.appName}?`,
    `<h1>Allow ${escapeHtml(input.appName)}?</h1>${signedInAs(input.playerName)}` +
      `<p>${escapeHtml(input.appName)} asks to act as you. Allow it only if your device shows the code <code>${escapeHtml(input.userCode)}</code> and you started this yourself.</p>${gets}` +
      `<form method="post" action="${escapeHtml(input.action)}">${hidden('xsrf', input.xsrf)}${hidden('user_code', input.userCode)}` +
      `<button class="btn" type="submit" name="confirm" value="yes">Allow</button>` +
      `<button class="btn btn-quiet" type="submit" name="abort" value="yes">Deny</button></form>`,
  );
}
