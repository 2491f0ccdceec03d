-- Up Migration
-- The portal admits its dashboard only at PUBLIC_URL, which the server writes at every start. The
-- development address seeded by the first migration is dropped, so deployments elsewhere do not
-- keep http://localhost:3000 as a redirect URL and a credentialed CORS origin.
UPDATE apps
SET redirect_urls = array_remove(redirect_urls, 'http://localhost:3000/dashboard'),
    url = NULLIF(url, 'http://localhost:3000/dashboard')
WHERE key = 'portal';
