import { errorSchema, fixResultSchema, validationErrorSchema } from '@cargo/shared';

/** OpenAPI security of the routes that take a session (or a share-link token): `Authorization: Bearer …`. */
export const security = [{ bearer: [] }];

/** The replies of every GPS fix route (design.md §5): 201 with the stored fix, or why it was refused. */
export const fixReplies = {
  201: fixResultSchema,
  400: validationErrorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};
