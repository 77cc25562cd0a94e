import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { afterFirstPaint } from '../../../lib/after-first-paint.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { ADMIN_TEXT } from '../texts.ts';

const T = ADMIN_TEXT.login;
const loadSchemas = () => import('../api/auth-schemas.ts');

/** Email and password with show/hide (spec §2); the server's message or 'Authentication failed' on failure. */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: (token: string, email: string) => void; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const login = useLogin();
  // The form's checks (zod, a chunk of its own) arrive while the admin types.
  useEffect(() => {
    void afterFirstPaint().then(loadSchemas).catch(() => undefined);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let loginSchema;
    try {
      ({ loginSchema } = await loadSchemas());
    } catch {
      setFailure(T.failed);
      return;
    }
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'password') && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (reply) => onSignedIn(reply.token, reply.user.email),
      onError: (error) => {
        const message = error instanceof ApiError && error.body && typeof error.body === 'object' && 'message' in error.body ? String(error.body.message) : '';
        setFailure(message || T.failed);
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" title={T.failed === failure ? undefined : T.failed}>
            {failure}
          </Alert>
        )}
        <TextInput label={T.email} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} data-autofocus />
        <PasswordInput
          label={T.password}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          visible={visible}
          onVisibilityChange={setVisible}
          visibilityToggleButtonProps={{ 'aria-label': visible ? T.hide : T.show, 'aria-hidden': false, tabIndex: 0 }}
        />
        <Button type="submit" loading={false} disabled={login.isPending}>
          {login.isPending ? T.submitting : T.submit}
        </Button>
      </Stack>
    </form>
  );
}
