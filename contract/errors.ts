/** The JSON body of every non-2xx API answer. */
export interface ApiErrorBody {
  message: string;
  /** Field name to message, for validation errors. */
  fields?: Record<string, string>;
}
