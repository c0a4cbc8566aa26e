/**
 * The API's types for a caller, derived from the route table (`contract/routes`): what a caller
 * puts in the path, the query string and the body, and what the route answers. The frontend's
 * client (`api('GET /api/mvps/{id}', { params: { id } })`) is typed from this alone, so a response
 * needs no cast and a URL is never written by hand.
 *
 * Types only: nothing here exists at run time, so importing it costs a page nothing.
 */
import type { ApiRows, RouteKey } from './routes';

export type { RouteKey };

/** The `{name}` placeholders of a route key: `'GET /api/mvps/{id}/files'` → `'id'`. */
export type PathParamName<Key extends string> = Key extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** `{ params: { id: string } }` for a route with placeholders, nothing for one without. */
type PathParamsOf<Key extends string> = [PathParamName<Key>] extends [never]
  ? unknown
  : { params: Record<PathParamName<Key>, string> };

/**
 * The request parts and response of every route: `{ params?, query?, body?, response }`. Path
 * parameters come from the route's own path, so they cannot drift from the table.
 */
export type ApiTypes = { [Key in keyof ApiRows]: ApiRows[Key] & PathParamsOf<Key> };

/** What one route answers (200/201 body). */
export type ApiResponse<Key extends RouteKey> = ApiTypes[Key]['response'];
