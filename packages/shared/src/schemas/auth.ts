import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';

export const loginSchema = z.object({
  email: z.string({ error: MSG.invalidEmail }).trim().toLowerCase().pipe(z.email(MSG.invalidEmail)),
  password: z.string({ error: MSG.passwordMin }).min(LIMITS.passwordMin, MSG.passwordMin).max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

export const adminUserSchema = z.object({ id: z.string(), email: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: adminUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ user: adminUserSchema });
