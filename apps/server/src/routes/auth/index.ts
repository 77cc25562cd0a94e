import { ERR, errorSchema, loginResponseSchema, loginSchema, meResponseSchema, successSchema, validationErrorSchema } from '@cargo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { presentAdmin } from '../../presenters/admin.ts';
import { SESSION_MAX_MS } from '../../services/sessions.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: 'auto' as const,
    maxAge: SESSION_MAX_MS / 1000,
  };

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admin sign-in',
        body: loginSchema,
        response: { 200: loginResponseSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await app.audit.signIn(
        'admin',
        email,
        request.ip,
        () => app.signInGuard.attempt('admin', email, request.ip, () => app.admins.authenticate(email, password), ERR.invalidCredentials),
      );
      const token = await app.sessions.create('admin', admin.id);
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      return { token, user: presentAdmin(admin) };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in admin', security: [{ bearer: [] }], response: { 200: meResponseSchema, 401: errorSchema } } },
    async (request) => {
      const principal = request.principal;
      const admin = principal?.role === 'admin' ? await app.admins.findById(principal.adminId) : undefined;
      if (!admin) throw unauthorized();
      return { user: presentAdmin(admin) };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Ends the session (admin or driver)', security: [{ bearer: [] }], response: { 200: successSchema } } },
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.role === 'admin' || principal?.role === 'driver') {
        await app.sessions.revoke(principal.tokenHash);
        const id = principal.role === 'admin' ? principal.adminId : principal.driverId;
        await app.audit.record({ action: 'session.signed_out', objectType: principal.role, objectId: id, actor: request.auditActor });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  );
};

export default authRoutes;
