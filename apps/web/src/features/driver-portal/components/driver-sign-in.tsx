import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRegisterDriver } from '../api/register-driver.ts';
import { useSignInDriver } from '../api/sign-in-driver.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { reasonOf } from '../utils/driver-request.ts';

export interface DriverSignInProps {
  /** The portal offers to create an account for an unknown phone (spec §2); the dashboard does not. */
  allowCreate?: boolean;
  /** The phone to start with (an expired session asks for the PIN again). */
  initialPhone?: string;
  /** Heading level inside a page (2) or a dialog (3). */
  headingOrder?: 2 | 3;
  title?: string;
}

/** Sign-in with phone and 6-digit PIN (design.md §4): one form for every driver screen. */
export function DriverSignIn({ allowCreate = false, initialPhone = '', headingOrder = 2, title = T.signInTitle }: DriverSignInProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [pin, setPin] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; pin?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [offerCreate, setOfferCreate] = useState(false);
  const signIn = useSignInDriver();
  const register = useRegisterDriver();

  const validate = (): boolean => {
    const next: typeof errors = {};
    if (!phone.trim() || !/\d/.test(phone)) next.phone = T.phoneRequired;
    if (!/^\d{6}$/.test(pin)) next.pin = T.pinFormat;
    setErrors(next);
    return !next.phone && !next.pin;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!validate()) return;
    signIn.mutate(
      { phone: phone.trim(), pin },
      {
        onError: (err) => {
          // The same text for an unknown phone and a wrong PIN: the server does not say which.
          setFailure(err instanceof ApiError && err.status === 401 ? T.signInFailed : reasonOf(err));
          if (allowCreate && err instanceof ApiError && err.status === 401) setOfferCreate(true);
        },
      },
    );
  };

  const onCreate = () => {
    setFailure(null);
    if (!validate()) return;
    register.mutate(
      { phone: phone.trim(), pin, name },
      { onError: (err) => setFailure(err instanceof ApiError && err.status === 409 ? T.accountExists : reasonOf(err)) },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={480} w="100%" mx="auto">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={headingOrder} size="h3">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {T.signInIntro}
            </Text>
          </div>
          <TextInput
            label={T.phoneLabel}
            placeholder={T.phonePlaceholder}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            size="lg"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
            required
          />
          <TextInput
            label={T.pinLabel}
            description={T.pinDescription}
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="lg"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            error={errors.pin}
            required
          />
          {failure && (
            <Alert color="red" title={T.signInFailedTitle} role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="lg" fullWidth loading={signIn.isPending} loaderProps={{ 'aria-label': T.signingIn }}>
            {signIn.isPending ? T.signingIn : T.signIn}
          </Button>
          {allowCreate && offerCreate && (
            <Card withBorder radius="md" padding="md" bg="var(--mantine-color-blue-0)">
              <Stack gap="sm">
                <Title order={headingOrder + 1 as 3 | 4} size="h5">
                  {T.createOfferTitle}
                </Title>
                <Text size="sm">{T.createOfferText}</Text>
                <TextInput label={T.nameLabel} size="md" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} autoComplete="name" />
                <Button variant="filled" color="teal" size="lg" fullWidth onClick={onCreate} loading={register.isPending}>
                  {register.isPending ? T.creatingAccount : T.createAccount}
                </Button>
              </Stack>
            </Card>
          )}
        </Stack>
      </form>
    </Card>
  );
}
