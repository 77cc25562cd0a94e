/**
 * The sign-in's zod schemas, in a module of their own that login.ts, get-me.ts and login-form.tsx import when they need
 * them (while the request is on its way): the sign-in screen and the panel's first paint carry no zod (issue 21,
 * part 7; decision 052).
 */
export { loginResponseSchema, loginSchema, meResponseSchema } from '@cargo/shared';
