import { esc } from './escape.ts';

/** Headers for every HTML page: no caching, no framing, nothing loaded from elsewhere. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
};

const CSS = `
:root { color-scheme: dark; --bg: #1e1f22; --panel: #313338; --panel2: #2b2d31; --line: #3f4147; --text: #f2f3f5; --muted: #b5bac1;
  --blurple: #4752c4; --blurple-hover: #3c45a5; --green: #23a55a; --red: #fa777c; }
* { box-sizing: border-box; }
html { min-height: 100%; background: radial-gradient(ellipse at top, #2c2f7a 0%, var(--bg) 55%); background-color: var(--bg); }
body { margin: 0; font: 16px/1.5 "gg sans", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
  display: flex; justify-content: center; padding: 40px 16px; }
main { width: 100%; max-width: 560px; background: var(--panel); border-radius: 8px; box-shadow: 0 8px 32px #0009; overflow: hidden; }
header { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 14px 20px; background: var(--panel2); }
.brand { font-weight: 800; letter-spacing: .04em; }
.badge { white-space: nowrap; font-size: 12px; color: var(--muted); border: 1px solid var(--line); border-radius: 999px; padding: 2px 10px; }
section { padding: 18px 20px; border-bottom: 1px solid var(--line); }
h1 { font-size: 20px; margin: 0 0 6px; line-height: 1.3; }
h2 { font-size: 12px; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); margin: 0 0 10px; }
p { margin: 0 0 8px; color: var(--muted); }
strong { color: var(--text); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: #0005; padding: 1px 6px; border-radius: 4px; }
ul { list-style: none; margin: 0; padding: 0; }
.scopes li { display: flex; gap: 10px; align-items: baseline; padding: 4px 0; }
.scopes li::before { content: "✓"; color: var(--green); font-weight: 800; }
.accounts { display: grid; gap: 8px; }
.account { display: flex; align-items: center; gap: 12px; padding: 10px 12px; background: var(--panel2); border-radius: 8px; }
.avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; display: grid; place-items: center; font-weight: 800; color: #fff; }
.who { flex: 1; min-width: 0; overflow-wrap: break-word; }
.who .name { font-weight: 700; }
.who .meta { font-size: 13px; color: var(--muted); }
button { font: inherit; font-weight: 600; cursor: pointer; border-radius: 4px; padding: 8px 16px; border: 0; }
button.authorize { flex: none; background: var(--blurple); color: #fff; }
button.authorize:hover, button.authorize:focus-visible { background: var(--blurple-hover); }
button.cancel { background: transparent; color: var(--text); text-decoration: underline; }
button:focus-visible { outline: 2px solid #fff; outline-offset: 2px; }
.actions { display: flex; justify-content: flex-end; padding: 14px 20px; }
footer { padding: 12px 20px; font-size: 13px; color: var(--muted); background: var(--panel2); }
.error h1 { color: var(--red); }
@media (max-width: 480px) { .account { flex-wrap: wrap; } .account button { width: 100%; } }
`;

/** A complete HTML document; `title` is escaped here, `body` must already be safe HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header><span class="brand">Discord</span><span class="badge">Local simulator</span></header>
${body}
<footer>This is the bundled Discord simulator, not discord.com. No real account is used.</footer>
</main>
</body>
</html>
`;
}
