/**
 * The typed client's calls of routes that answer a file rather than JSON (the subscriber CSV
 * export): the same URL, token and errors as `api` (api-client.ts), the answer as a Blob. Its own
 * module, so only the pages that download carry it.
 */
import type { ApiResponse, RouteKey } from '@contract/api';
import { failureOf, sendRequest, type ApiArgs, type RequestParts } from './api-client';

/** The routes that answer a file rather than JSON (their contract row's response is `Blob`). */
export type DownloadRoute = {
  [Route in RouteKey]: ApiResponse<Route> extends Blob ? Route : never;
}[RouteKey];

export interface ApiDownload {
  blob: Blob;
  /** From `Content-Disposition`, when the API names the file. */
  filename: string | null;
}

/**
 * Calls a route that answers a file (a CSV export) with the same URL, token and errors as `api`,
 * and resolves with the file as a Blob.
 */
export async function apiDownload<Route extends DownloadRoute>(
  route: Route,
  ...[options]: ApiArgs<Route>
): Promise<ApiDownload> {
  const response = await sendRequest(route, options as RequestParts | undefined, '*/*');
  if (!response.ok) throw await failureOf(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

/** Hands a downloaded file to the browser as a download, through a temporary object URL. */
export function saveDownload(file: ApiDownload, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
