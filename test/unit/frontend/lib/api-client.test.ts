/**
 * The typed API client: the route key gives method and path, `{name}` placeholders are filled
 * (URI-encoded), the query string and the JSON body are added, the ID token goes with every call
 * of a signed-in browser, and failures become `ApiError`s with the API's message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl, fillPath, queryString } from '../../../../frontend/src/lib/api-client';
import { apiDownload } from '../../../../frontend/src/lib/api-download';
import {
  ApiError,
  NetworkError,
  UNEXPECTED_ERROR,
  UNREACHABLE_ERROR,
  errorMessage,
} from '../../../../frontend/src/lib/api-error';
import { loadRuntimeConfig } from '../../../../frontend/src/lib/runtime-config';

// Amplify stands aside: the token is whatever a test says the session holds.
const { getIdToken } = vi.hoisted(() => ({
  getIdToken: vi.fn<() => Promise<string | undefined>>(),
}));
vi.mock('../../../../frontend/src/lib/amplify', () => ({ getIdToken }));

const useConfig = (apiBaseUrl = '/api') =>
  loadRuntimeConfig(
    async () =>
      new Response(
        JSON.stringify({
          mode: 'local',
          region: 'eu-west-2',
          userPoolId: 'local_pool',
          userPoolClientId: 'client',
          apiBaseUrl,
          betaAccess: false,
          launchAt: '2025-08-01T00:00:00Z',
          paymentsMode: 'local',
        }),
      ),
  );

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
/** What the client asked `fetch` for, last call. */
const lastRequest = () => {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

beforeEach(async () => {
  await useConfig();
  vi.stubGlobal('fetch', fetchMock);
  getIdToken.mockResolvedValue(undefined);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('paths and query strings', () => {
  it('fills each placeholder, URI-encoded', () => {
    expect(fillPath('/api/mvps/{id}/files', { id: 'a/b c?' })).toBe('/api/mvps/a%2Fb%20c%3F/files');
    expect(fillPath('/api/sellers/{username}', { username: 'ada' })).toBe('/api/sellers/ada');
    expect(fillPath('/api/stats')).toBe('/api/stats');
  });

  it('keeps the given order and leaves out what is undefined', () => {
    expect(queryString({ sort: 'download_count', cursor: undefined, limit: '6' })).toBe(
      '?sort=download_count&limit=6',
    );
    expect(queryString({ search: 'a&b=c' })).toBe('?search=a%26b%3Dc');
    expect(queryString({})).toBe('');
    expect(queryString()).toBe('');
  });

  it('builds the address of a route for the browser to load by itself (an image)', () => {
    expect(
      apiUrl('GET /api/mvps/{id}/files/image', {
        params: { id: 'a b' },
        query: { path: 'kit/public/logo.png' },
      }),
    ).toBe('/api/mvps/a%20b/files/image?path=kit%2Fpublic%2Flogo.png');
  });
});

describe('api()', () => {
  it('reads method and path from the route key and answers the JSON', async () => {
    answer(200, { id: '01J', title: 'T' });
    const template = await api('GET /api/mvps/{id}', { params: { id: '01J' } });
    expect(template).toEqual({ id: '01J', title: 'T' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/mvps/01J');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends the body as JSON with its content type, and the abort signal', async () => {
    const controller = new AbortController();
    answer(201, { id: 'd1' });
    const body = { mvp_id: '01J', reason: 'Other' as const, details: 'x'.repeat(20) };
    await api('POST /api/disputes', { body, signal: controller.signal });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/disputes');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify(body));
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.signal).toBe(controller.signal);
  });

  it('calls routes without a body or parameters with no options at all', async () => {
    answer(200, { marked: 3 });
    expect(await api('POST /api/notifications/read-all')).toEqual({ marked: 3 });
    expect(lastRequest().init.method).toBe('POST');
    answer(200, { message: 'MVP deleted successfully.' });
    await api('DELETE /api/mvps/{id}', { params: { id: '01J' } });
    expect(lastRequest().init.method).toBe('DELETE');
  });

  it('sends the ID token on protected routes when signed in', async () => {
    getIdToken.mockResolvedValue('id-token');
    answer(200, {});
    await api('GET /api/me');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer id-token');
  });

  it('sends it on public routes too, as always: the API then answers private, no-store', async () => {
    getIdToken.mockResolvedValue('id-token');
    answer(200, { items: [], total: 0, page: 0, pageSize: 20 });
    await api('GET /api/mvps', { query: { sort: 'published_at' } });
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer id-token');
  });

  it('sends no token when signed out, public or not', async () => {
    answer(200, {});
    await api('GET /api/stats');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
    answer(401, { message: 'Unauthorized' });
    await expect(api('GET /api/me')).rejects.toThrow('Unauthorized');
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it("turns an error body into an ApiError with the API's message, status and fields", async () => {
    answer(400, { message: 'Please select an MVP', fields: { mvp_id: 'Please select an MVP' } });
    const failure = await api('POST /api/disputes', {
      body: { mvp_id: '', reason: 'Other', details: '' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'Please select an MVP',
      status: 400,
      fields: { mvp_id: 'Please select an MVP' },
    });
  });

  it('says the marketplace cannot be reached when no answer came back at all', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failure = await api('GET /api/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(errorMessage(failure)).toBe(UNREACHABLE_ERROR);
  });

  it('passes an abort on as it is: a page that left is not a failure to report', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValueOnce(aborted);
    await expect(api('GET /api/stats', { signal: controller.signal })).rejects.toBe(aborted);
  });

  it('says only the generic text when the failure has no readable body', async () => {
    answer(502, '<html>Bad Gateway</html>');
    const failure = await api('GET /api/stats').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: UNEXPECTED_ERROR, status: 502 });
  });
});

/** Checked by `npm run typecheck`: calls the route table does not allow do not compile. */
export function typeChecks() {
  // @ts-expect-error not a route of the table
  void api('GET /api/nope');
  // @ts-expect-error a route with a placeholder needs its params
  void api('GET /api/mvps/{id}');
  // @ts-expect-error the placeholder's name is the table's
  void api('GET /api/sellers/{username}', { params: { id: 'x' } });
  // @ts-expect-error a route with a body needs it
  void api('POST /api/disputes');
  // @ts-expect-error the body is the schema's input
  void api('POST /api/leads', { body: { email: 'a@b.co' } });
  // @ts-expect-error only the route's own query parameters
  void api('GET /api/stats', { query: { page: '1' } });
  // The answer is the contract's type, no cast needed.
  return api('GET /api/mvps/{id}/reviews', { params: { id: 'x' } }).then(
    (reviews) => reviews.average_rating,
  );
}

describe('apiDownload', () => {
  it('answers the file as a Blob with its name, sending the token and the query', async () => {
    getIdToken.mockResolvedValue('id-token');
    fetchMock.mockResolvedValueOnce(
      new Response('email\r\nann@example.com\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="subscribers-2026-11-23.csv"',
        },
      }),
    );
    const file = await apiDownload('GET /api/admin/newsletter-subscribers/export', {
      query: { status: 'subscribed' },
    });
    expect(file.filename).toBe('subscribers-2026-11-23.csv');
    expect(await file.blob.text()).toBe('email\r\nann@example.com\r\n');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/admin/newsletter-subscribers/export?status=subscribed');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer id-token');
  });

  it("rejects with the API's message, as api does", async () => {
    answer(413, { message: 'Too big.' });
    await expect(apiDownload('GET /api/admin/newsletter-subscribers/export')).rejects.toEqual(
      new ApiError('Too big.', 413),
    );
  });
});
