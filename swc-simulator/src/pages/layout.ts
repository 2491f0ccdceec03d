import { esc } from './escape.ts';

/** Headers for every HTML page: no caching, no framing, nothing loaded from elsewhere but images. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'; base-uri 'none'",
};

const CSS = `
:root { color-scheme: dark; --bg: #070a12; --panel: #111827; --panel2: #0c1220; --line: #243049; --text: #e7ebf3; --muted: #9aa6bd;
  --gold: #ffd34d; --gold-ink: #1a1403; --red: #ff7a7a; }
* { box-sizing: border-box; }
html { min-height: 100%;
  background: radial-gradient(1px 1px at 12% 18%, #fff8 50%, transparent 51%), radial-gradient(1px 1px at 72% 12%, #fff6 50%, transparent 51%),
    radial-gradient(1.5px 1.5px at 38% 72%, #fff7 50%, transparent 51%), radial-gradient(1px 1px at 88% 64%, #fff5 50%, transparent 51%),
    radial-gradient(1px 1px at 55% 38%, #fff4 50%, transparent 51%), radial-gradient(ellipse at top, #17203a 0%, var(--bg) 60%);
  background-color: var(--bg); background-repeat: no-repeat; background-attachment: fixed; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
  display: flex; justify-content: center; padding: 40px 16px; }
main { width: 100%; max-width: 620px; background: var(--panel); border: 1px solid var(--line); border-radius: 14px;
  box-shadow: 0 20px 60px #0008; overflow: hidden; }
header { display: flex; align-items: center; justify-content: space-between; padding: 16px 24px; background: var(--panel2); border-bottom: 1px solid var(--line); }
.brand { font-weight: 800; letter-spacing: .18em; text-transform: uppercase; color: var(--gold); }
.badge { white-space: nowrap; font-size: 12px; color: var(--muted); border: 1px solid var(--line); border-radius: 999px; padding: 2px 10px; }
section { padding: 20px 24px; border-bottom: 1px solid var(--line); }
h1 { font-size: 22px; margin: 0 0 6px; }
h2 { font-size: 13px; letter-spacing: .12em; text-transform: uppercase; color: var(--muted); margin: 0 0 12px; }
p { margin: 0 0 8px; color: var(--muted); }
strong { color: var(--text); }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--gold); background: #0006; padding: 1px 6px; border-radius: 4px; }
ul { list-style: none; margin: 0; padding: 0; }
.scopes li { display: flex; gap: 10px; align-items: baseline; padding: 4px 0; }
.scopes li::before { content: "◆"; color: var(--gold); font-size: 10px; }
.scopes li:has(input)::before { content: none; }
.scopes label { display: flex; gap: 8px; align-items: baseline; cursor: pointer; }
.scopes input { accent-color: var(--gold); }
.characters { display: grid; gap: 10px; }
.character { display: flex; align-items: center; gap: 14px; padding: 12px; background: var(--panel2); border: 1px solid var(--line); border-radius: 10px; }
.character img { width: 48px; height: 48px; border-radius: 50%; flex: none; }
.who { flex: 1; min-width: 0; }
.who .name { font-weight: 700; }
.who .meta { font-size: 13px; color: var(--muted); }
button { font: inherit; font-weight: 700; cursor: pointer; border-radius: 8px; padding: 9px 16px; border: 1px solid transparent; }
button.signin { background: var(--gold); color: var(--gold-ink); }
button.signin:hover, button.signin:focus-visible { background: #ffe27f; }
button.deny { background: transparent; color: var(--red); border-color: #ff7a7a66; }
button.deny:hover, button.deny:focus-visible { background: #ff7a7a1a; }
button:focus-visible { outline: 2px solid var(--text); outline-offset: 2px; }
.field-label { display: block; font-weight: 700; margin: 0 0 6px; }
.uid-row { display: flex; gap: 10px; }
.uid-row input { flex: 1; min-width: 0; font: 15px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--text); background: var(--panel2);
  border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
.uid-row input::placeholder { color: #8390a8; }
.uid-row input:focus-visible { outline: 2px solid var(--gold); outline-offset: 1px; }
.uid-row input[aria-invalid="true"] { border-color: var(--red); }
.field-error { color: var(--red); font-weight: 600; margin: 8px 0 0; }
.hint { font-size: 13px; margin: 8px 0 0; }
.default-button { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip-path: inset(50%); border: 0; }
.actions { display: flex; justify-content: flex-end; padding: 16px 24px; }
footer { padding: 14px 24px; font-size: 13px; color: var(--muted); background: var(--panel2); }
.error h1 { color: var(--red); }
@media (max-width: 480px) { .character, .uid-row { flex-wrap: wrap; } .character button, .uid-row button { width: 100%; } }
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
<header><span class="brand">Star Wars Combine</span><span class="badge">Local simulator</span></header>
${body}
<footer>This is the bundled SWCombine simulator, not swcombine.com. No real account is used.</footer>
</main>
</body>
</html>
`;
}
