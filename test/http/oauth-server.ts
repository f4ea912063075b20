// Google's OAuth 2.0 endpoints for an installed app, on the loopback server (test/http/google-server.ts),
// for genius-host login's tests: the authorization endpoint (o/oauth2/v2/auth), which signs in USER
// and consents at once, redirecting to the app's loopback address with a code, and the token
// endpoint (token), which exchanges the code (checking the PKCE verifier against the S256
// challenge, the client and the redirect address) and refreshes access tokens. The parameters are
// those of "OAuth 2.0 for iOS & Desktop Apps" (developers.google.com/identity/protocols/oauth2/native-app).
// A refresh token issued while the client's consent screen is "Testing" expires after 7 days ("Using
// OAuth 2.0 to Access Google APIs", Refresh token expiration); an expired or revoked one is refused
// as Google refuses it: 400 {"error":"invalid_grant","error_description":"Token has been expired or revoked."}.
import { createHash, randomBytes } from 'node:crypto';

/** The account that signs in through the browser. */
export const USER = 'host@example.com';

export const CLIENT = { client_id: '1234-genius.apps.googleusercontent.com', client_secret: 'GOCSPX-loopback-secret' };

/**
 * clasp's own OAuth client (@google/clasp's auth/oauth_client.js: DEFAULT_CLASP_OAUTH_CLIENT_ID,
 * whose secret it publishes), which `clasp login` signs in with and npm run template uses. Its
 * Cloud project is number 1072944905499 (the client id's first part); the Sheets API is not
 * turned on there (test/http/google-server.ts refuses its Sheets calls, docs/google.md).
 */
export const CLASP_CLIENT = {
  client_id: '1072944905499-vm2v2i5dvn0a0d2o4ca36i1vge8cvbn0.apps.googleusercontent.com',
  client_secret: 'v6V3fKV_zWU7iw1DrpO1rknX',
};

/** The Cloud project an OAuth client belongs to: the number its id starts with. */
export const projectOf = (clientId: string) => clientId.split('-')[0];

const CLIENTS = [CLIENT, CLASP_CLIENT];

export interface OAuthAnswer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export class OAuthServer {
  private readonly codes = new Map<string, { challenge: string; redirect: string; scope: string }>();
  private readonly refreshTokens = new Map<
    string,
    { scope: string; issued: number; testing: boolean; client: string }
  >();
  private readonly accessTokens = new Map<string, { account: string; scopes: string[]; client: string }>();
  /** What the browser answers instead of consenting (e.g. 'access_denied'). */
  refuse: string | null = null;
  /** The consent screen's publishing status: "Testing" (the default of a new client) or "In production". */
  testing = true;
  /** How long an access token lasts, in seconds (Google's: an hour). */
  accessTokenSeconds = 3599;
  /** The server's time, moved on by passDays. */
  private skewMs = 0;
  private now = () => Date.now() + this.skewMs;

  /** Time passes on the server (a week, for a refresh token from a client in Testing). */
  passDays(days: number): void {
    this.skewMs += days * 86_400_000;
  }

  /** The account, scopes and OAuth client of an access token this server issued, or null. */
  accountOf(token: string): { account: string; scopes: string[]; client: string } | null {
    return this.accessTokens.get(token) ?? null;
  }

  /** A refresh token for `scope` and `client`, as a finished sign-in leaves it (for tests that start signed in). */
  grant(scope: string, client = CLIENT.client_id): string {
    const refresh = `1//${base64url(randomBytes(24))}`;
    this.refreshTokens.set(refresh, { scope, issued: this.now(), testing: this.testing, client });
    return refresh;
  }

  /** Every refresh token is revoked (the user removed genius-host's access). */
  revokeAll(): void {
    this.refreshTokens.clear();
  }

  /** Answers an OAuth request, or null for another path. */
  handle(method: string, url: URL, body: string): OAuthAnswer | null {
    if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return this.authorize(url.searchParams);
    if (method === 'POST' && url.pathname === '/token') return this.token(new URLSearchParams(body));
    return null;
  }

  private authorize(q: URLSearchParams): OAuthAnswer {
    const redirect = q.get('redirect_uri') ?? '';
    // Installed apps: a loopback IP redirect on any port.
    if (q.get('client_id') !== CLIENT.client_id || !/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(redirect))
      return { status: 400, body: { error: 'invalid_request' } };
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
      return { status: 400, body: { error: 'invalid_request' } };
    const back = new URL(redirect);
    back.searchParams.set('state', q.get('state') ?? '');
    if (this.refuse) back.searchParams.set('error', this.refuse);
    else {
      const code = `4/${base64url(randomBytes(16))}`;
      this.codes.set(code, { challenge: q.get('code_challenge') ?? '', redirect, scope: q.get('scope') ?? '' });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', q.get('scope') ?? '');
    }
    return { status: 302, headers: { location: back.href } };
  }

  private token(form: URLSearchParams): OAuthAnswer {
    const refused = (error: string, status = 400, description = `Loopback: ${error}`): OAuthAnswer => ({
      status,
      body: { error, error_description: description },
    });
    const client = form.get('client_id') ?? '';
    if (!CLIENTS.some((c) => c.client_id === client && c.client_secret === form.get('client_secret')))
      return refused('invalid_client', 401);
    const issue = (scope: string, refresh?: string): OAuthAnswer => {
      const access = `ya29.${base64url(randomBytes(24))}`;
      this.accessTokens.set(access, { account: USER, scopes: scope.split(' '), client });
      return {
        status: 200,
        body: {
          access_token: access,
          expires_in: this.accessTokenSeconds,
          scope,
          token_type: 'Bearer',
          ...(refresh ? { refresh_token: refresh } : {}),
        },
      };
    };
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code || code.redirect !== form.get('redirect_uri')) return refused('invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      if (base64url(createHash('sha256').update(verifier).digest()) !== code.challenge) return refused('invalid_grant');
      this.codes.delete(form.get('code') ?? '');
      const refresh = `1//${base64url(randomBytes(24))}`;
      this.refreshTokens.set(refresh, { scope: code.scope, issued: this.now(), testing: this.testing, client });
      return issue(code.scope, refresh);
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = this.refreshTokens.get(form.get('refresh_token') ?? '');
      // A client whose consent screen is in "Testing" gets refresh tokens that expire after 7 days.
      const expired = grant !== undefined && grant.testing && this.now() - grant.issued >= 7 * 86_400_000;
      if (grant === undefined || expired) return refused('invalid_grant', 400, 'Token has been expired or revoked.');
      // A refresh token is its client's: another client's secret does not refresh it.
      if (grant.client !== client) return refused('unauthorized_client', 401, 'Unauthorized');
      return issue(grant.scope);
    }
    return refused('unsupported_grant_type');
  }
}
