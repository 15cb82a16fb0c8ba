/** A failed call to the content service, named after the call so one log line says what broke. */
export class ContentError extends Error {
  /** The visitor left before the answer came: nothing went wrong with the CMS. */
  readonly abandoned: boolean;

  constructor(
    readonly call: string,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; abandoned?: boolean },
  ) {
    super(`${call}: ${message}`, options);
    this.abandoned = options?.abandoned ?? false;
    this.name = 'ContentError';
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}
