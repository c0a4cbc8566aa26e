/**
 * The domain errors every Lambda throws. They carry no HTTP types: the one error mapper
 * (`http/error-mapper.ts`) turns them into status codes with `instanceof`, so services stay free of
 * transport concerns and a new error class is one line there.
 */

/** Base class, so the mapper can tell our errors from the runtime's. */
export abstract class DomainError extends Error {
  protected constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that breaks a rule; `fields` maps a field name to its message. */
export class ValidationError extends DomainError {
  readonly fields: Record<string, string>;

  constructor(message: string, fields: Record<string, string> = {}) {
    super(message);
    this.fields = fields;
  }
}

/** No verified identity where one is needed. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(message);
  }
}

/** A verified identity without the right to do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The request conflicts with the current state (a duplicate, a lost race). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** A limit per period is reached (e.g. the daily download limit); retry after it resets. */
export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}
