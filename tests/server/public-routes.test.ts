import { describe, expect, it } from 'vitest';
import { withApp } from './support/withApp';

/**
 * The routes anyone may call without signing in, pinned (docs/SCOPE.md
 * "Public routes"): read from the app's own route table (config.access ===
 * 'public'), so a route made public later fails here until it is added to
 * this list on purpose, with its reason. HEAD routes are the ones Fastify
 * adds for each GET: they follow their GET. (That every other route refuses
 * a caller without a token: hostile-input.test.ts, over the same table.)
 */
const PUBLIC_ROUTES = [
  // signing in, signing up, the forgotten password, and the challenge these forms carry
  'POST /api/login',
  'POST /api/register',
  'POST /api/users/forgot/password',
  'POST /api/users/reset/password',
  'GET /api/captcha',
  // a certificate's check page, by its code
  'GET /api/certificates/:code',
  // a guest test-taker's registration, and its report by the unguessable link given then (docs/PRODUCT.md §2 "Public pages")
  'POST /api/temp/register',
  'GET /api/guest/report/:token',
  'GET /api/guest-report/:token',
  // the public site: the kit's sample, the contact form, published forms and their answers
  'GET /api/neomi-kit/sample.pdf',
  'POST /api/contact/us',
  'GET /api/forms/published',
  'POST /api/forms/:id/answers',
  // for load balancers: alive, and ready to serve (they say nothing of any record)
  'GET /api/health',
  'GET /api/ready',
].sort();

const t = withApp();

describe('public routes', () => {
  it('are exactly the written list', () => {
    const open = t.app.routeTable
      .filter((r) => r.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual(PUBLIC_ROUTES);
  });
});
