import type { PickupRequest } from '@cargo/shared';
import { Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSchedulePickup } from '../api/schedule-pickup.ts';
import { PICKUP_TEXTS } from '../texts.ts';
import classes from './pickup.module.css';
import {
  EMPTY_PICKUP_FORM,
  PICKUP_FIELDS,
  PICKUP_MAX_LENGTH,
  isPickupField,
  pickupFieldRules,
  type PickupField,
  type PickupFormValues,
} from '../utils/validate-pickup.ts';

interface PickupRequestFormProps {
  onScheduled: (request: PickupRequest) => void;
  /** Put focus in the first field on arrival (coming back from the confirmation for another pickup). */
  focusFirstField?: boolean;
}

const FORM_NAME = 'pickup-request';

interface FieldTexts {
  label: string;
  placeholder?: string;
  description?: string;
}

function focusField(field: PickupField) {
  document.querySelector<HTMLElement>(`[data-path="${FORM_NAME}-${field}"]`)?.focus();
}

/** Moves focus to the first field that has an error, in the order of the form. */
function focusFirstError(errors: FormErrors) {
  const first = PICKUP_FIELDS.find((field) => errors[field]);
  if (first) focusField(first);
}

/** The server's field issues (400), on the fields they name. */
function fieldErrorsFrom(error: unknown): Partial<Record<PickupField, string>> {
  if (!(error instanceof ApiError) || !error.issues) return {};
  const errors: Partial<Record<PickupField, string>> = {};
  for (const issue of error.issues) {
    if (isPickupField(issue.path) && !errors[issue.path]) errors[issue.path] = issue.message;
  }
  return errors;
}

/** Spec §2 'Schedule pickup page': the 'Pickup Request Form', with every §5 message at its field. */
export function PickupRequestForm({ onScheduled, focusFirstField = false }: PickupRequestFormProps) {
  const titleId = useId();
  useEffect(() => {
    if (focusFirstField) focusField(PICKUP_FIELDS[0]);
  }, [focusFirstField]);
  // Spec: validate on submit; once a submit has been tried, each field is checked again as it is left.
  const [triedSubmit, setTriedSubmit] = useState(false);
  const form = useForm<PickupFormValues>({
    name: FORM_NAME,
    mode: 'controlled',
    initialValues: EMPTY_PICKUP_FORM,
    validate: pickupFieldRules,
    validateInputOnBlur: triedSubmit,
  });

  const schedule = useSchedulePickup({
    onSuccess: (request) => {
      notifications.show({ title: PICKUP_TEXTS.successTitle, message: PICKUP_TEXTS.successMessage, color: 'green' });
      onScheduled(request);
    },
    onError: (error) => {
      const fieldErrors = fieldErrorsFrom(error);
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
      notifications.show({ title: PICKUP_TEXTS.errorTitle, message: PICKUP_TEXTS.errorMessage, color: 'red' });
    },
  });
  const submitting = schedule.isPending;

  const handleSubmit = form.onSubmit(
    (values) => {
      schedule.mutate({ ...values, specialInstructions: values.specialInstructions.trim() || null });
    },
    (errors) => focusFirstError(errors),
  );

  const fieldProps = (field: PickupField) => {
    const texts: FieldTexts = PICKUP_TEXTS.fields[field];
    return {
      ...form.getInputProps(field),
      maxLength: PICKUP_MAX_LENGTH[field],
      label: texts.label,
      placeholder: texts.placeholder,
      description: texts.description,
      required: field !== 'specialInstructions',
      readOnly: submitting,
    };
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <form
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => {
          if (submitting) {
            event.preventDefault();
            return;
          }
          setTriedSubmit(true);
          handleSubmit(event);
        }}
      >
        <Stack gap="lg">
          <div>
            <Title order={2} id={titleId} size="h3">
              {PICKUP_TEXTS.formTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {PICKUP_TEXTS.requiredNote}
            </Text>
          </div>

          <fieldset className={classes.fieldset}>
            <Text component="legend" className={classes.legend}>
              {PICKUP_TEXTS.sections.contact}
            </Text>
            <Stack gap="md">
              <TextInput {...fieldProps('customerName')} autoComplete="name" />
              <TextInput {...fieldProps('phone')} type="tel" inputMode="tel" autoComplete="tel" />
              <TextInput {...fieldProps('email')} type="email" autoComplete="email" spellCheck={false} />
            </Stack>
          </fieldset>

          <fieldset className={classes.fieldset}>
            <Text component="legend" className={classes.legend}>
              {PICKUP_TEXTS.sections.shipment}
            </Text>
            <Stack gap="md">
              <TextInput {...fieldProps('originAddress')} autoComplete="street-address" />
              <TextInput {...fieldProps('destinationAddress')} autoComplete="off" />
              <Textarea {...fieldProps('itemDescription')} rows={3} />
              <Textarea {...fieldProps('specialInstructions')} rows={3} />
            </Stack>
          </fieldset>

          <Button type="submit" size="md" disabled={submitting} fullWidth>
            {submitting ? PICKUP_TEXTS.submitting : PICKUP_TEXTS.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
