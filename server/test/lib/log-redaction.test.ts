import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { developmentLogger, redactUrl } from '../../src/lib/log-redaction.ts';
import { createTestApp } from '../helpers/test-app.ts';

describe('secrets in request logs', () => {
  it('replaces OAuth codes, states and tokens in a URL, keeping every other parameter', () => {
    expect(redactUrl('/auth/callback?code=abc123&state=s3cr3t')).toBe('/auth/callback?code=[redacted]&state=[redacted]');
    expect(redactUrl('/api/x?subject_token=eyJ.a.b&refresh_token=r&token=t&aud=wiki')).toBe(
      '/api/x?subject_token=[redacted]&refresh_token=[redacted]&token=[redacted]&aud=wiki',
    );
    expect(redactUrl('/auth/login?aud=wiki&rd=https%3A%2F%2Fwiki.example.com%2F')).toBe(
      '/auth/login?aud=wiki&rd=https%3A%2F%2Fwiki.example.com%2F',
    );
    expect(redactUrl('/auth/callback?STATE=x&%63ode=y&error=access_denied')).toBe(
      '/auth/callback?STATE=[redacted]&%63ode=[redacted]&error=access_denied',
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it("the product's request log never shows the callback's code and state", async () => {
    const ctx = await createTestApp();
    const lines: string[] = [];
    const app = await buildApp(ctx.deps, { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    try {
      await app.inject('/auth/callback?code=upstream-code-123&state=login-state-456');
      const requestLogs = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).filter((l) => l.req);
      expect(requestLogs.map((l) => l.req!.url)).toEqual(['/auth/callback?code=[redacted]&state=[redacted]']);
      expect(lines.join('')).not.toMatch(/upstream-code-123|login-state-456/);
    } finally {
      await app.close();
      await ctx.close();
    }
  });

  it('in development, one readable line per request, with the URL first and its secrets redacted', async () => {
    const ctx = await createTestApp();
    let text = '';
    const app = await buildApp(ctx.deps, { logger: await developmentLogger('info', { write: (t) => void (text += t) }) });
    try {
      await app.inject('/auth/callback?code=upstream-code-123&state=login-state-456');
      await app.inject('/api/me');
      await app.inject({ url: '/auth/verify?aud=portal', cookies: { portal_session: 'no-such-session' } });
    } finally {
      await app.close();
      await ctx.close();
    }
    const requestLines = text.split('\n').filter((line) => / INFO: GET /.test(line));
    // The forward-auth check writes no line, as in production.
    expect(requestLines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/auth\/callback\?code=\[redacted\]&state=\[redacted\] 400 \d+ ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/me 401 \d+ ms$/),
    ]);
    expect(text).not.toMatch(/upstream-code-123|login-state-456|incoming request|request completed|reqId/);
  });
});
