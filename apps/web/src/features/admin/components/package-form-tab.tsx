import {
  autoCurrentLocation,
  CREATE_FORM_STATUSES,
  DEFAULT_CURRENT_LOCATION,
  DEFAULT_SERVICE_TYPE,
  DEFAULT_STATUS,
  formatPhone,
  LIMITS,
  MSG,
  normalizeStatus,
  packageInputSchema,
  SERVICE_TYPES,
  statusLabel,
  type Package,
  type PackageInput,
  type PackageStatus,
  type PickupRequest,
  PAYMENT_MSG,
} from '@cargo/shared';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreatePackage } from '../api/create-package.ts';
import { useCreatePackageFromPickup } from '../api/create-package-from-pickup.ts';
import { usePickupRequest } from '../api/get-pickup-request.ts';
import { useCurrency } from '../../../lib/currency.ts';
import { useAdminSlots } from '../slots.tsx';
import { useDrivers } from '../api/get-drivers.ts';
import { usePackage } from '../api/get-package.ts';
import { useUpdatePackage } from '../api/update-package.ts';
import { useAdminUrl } from '../hooks/use-admin-url.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { formatDeliveryRange, parseDeliveryRange } from '@cargo/shared';
import { formatCustomerPhone } from '../utils/phone-format.ts';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { TrackingIdeas } from './tracking-ideas.tsx';

const T = ADMIN_TEXT.form;

interface FormValues {
  trackingNumber: string;
  status: PackageStatus;
  currentLocation: string;
  range: [string | null, string | null];
  pickupAddress: string;
  deliveryAddress: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  weight: string;
  dimensions: string;
  itemDescription: string;
  serviceType: string;
  driverId: string | null;
  /** As typed ('120.00'): read into minor units digit by digit, never through a float (issue 32). */
  amountDue: string;
}
type Errors = Partial<Record<keyof FormValues, string>>;

const EMPTY: FormValues = {
  trackingNumber: '',
  status: DEFAULT_STATUS,
  currentLocation: DEFAULT_CURRENT_LOCATION,
  range: [null, null],
  pickupAddress: '',
  deliveryAddress: '',
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  weight: '',
  dimensions: '',
  itemDescription: '',
  serviceType: DEFAULT_SERVICE_TYPE,
  driverId: null,
  amountDue: '',
};

const STATUS_OPTIONS = CREATE_FORM_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const SERVICE_OPTIONS = SERVICE_TYPES.map((value) => ({ value, label: value }));

function fromPackage(pkg: Package, amountText: (minor: number | null) => string): FormValues {
  return {
    trackingNumber: pkg.trackingNumber,
    status: normalizeStatus(pkg.status) ?? DEFAULT_STATUS,
    currentLocation: pkg.currentLocation,
    range: parseDeliveryRange(pkg.estimatedDelivery),
    pickupAddress: pkg.pickupAddress,
    deliveryAddress: pkg.deliveryAddress,
    customerName: pkg.customerName,
    // Stored as E.164; edited in the national form it was typed in (decision 089).
    customerPhone: formatPhone(pkg.customerPhone),
    customerEmail: pkg.customerEmail ?? '',
    weight: pkg.weight,
    dimensions: pkg.dimensions,
    itemDescription: pkg.itemDescription ?? '',
    serviceType: pkg.serviceType,
    driverId: pkg.driverId,
    amountDue: amountText(pkg.amountDue),
  };
}

/** The Create form filled from a pickup request (issue 32): the rest (tracking number, window) is dispatch's to choose. */
function fromPickup(request: PickupRequest): FormValues {
  const item = request.itemDescription + (request.specialInstructions ? `\n\nInstructions: ${request.specialInstructions}` : '');
  return {
    ...EMPTY,
    customerName: request.customerName,
    customerPhone: request.phone,
    customerEmail: request.email,
    pickupAddress: request.originAddress,
    deliveryAddress: request.destinationAddress,
    currentLocation: autoCurrentLocation(DEFAULT_STATUS, request.originAddress),
    itemDescription: item,
  };
}

/** The form's fields as the API takes them; the driver's name and phone are filled in by the server. */
function toInput(values: FormValues, parseAmount: (text: string) => number | null): PackageInput {
  const amount = values.amountDue.trim() ? parseAmount(values.amountDue) : null;
  return {
    // An amount that does not read is sent as text, so the schema answers with its message under the field.
    amountDue: values.amountDue.trim() ? (amount ?? values.amountDue) : null,
    trackingNumber: values.trackingNumber,
    status: values.status,
    currentLocation: values.currentLocation,
    estimatedDelivery: formatDeliveryRange(values.range[0], values.range[1]),
    pickupAddress: values.pickupAddress,
    deliveryAddress: values.deliveryAddress,
    customerName: values.customerName,
    customerPhone: values.customerPhone,
    customerEmail: values.customerEmail,
    weight: values.weight,
    dimensions: values.dimensions,
    itemDescription: values.itemDescription,
    serviceType: values.serviceType,
    driverId: values.driverId,
    driver: null,
    driverPhone: null,
  };
}

/** Spec §5's required fields and the shared schema's messages. */
function validate(values: FormValues, parseAmount: (text: string) => number | null): Errors {
  const errors: Errors = {};
  const parsed = packageInputSchema.safeParse(toInput(values, parseAmount));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof FormValues;
      if (key in EMPTY && !errors[key]) errors[key] = issue.message;
    }
  }
  if (!values.currentLocation.trim()) errors.currentLocation = MSG.currentLocationRequired;
  if (!values.range[0] || !values.range[1]) errors.range = T.deliveryRangeRequired;
  if (values.amountDue.trim() && parseAmount(values.amountDue) === null) errors.amountDue = PAYMENT_MSG.amountInvalid;
  return errors;
}

/** Create / edit form (spec §2 'Create'), with the tracking-number ideas beside it. */
export function PackageFormTab() {
  const { params, update } = useAdminUrl();
  const editId = params.get('edit');
  const editing = usePackage(editId);
  // 'Create package' on Pickup Requests opens this form with ?from=<request id> (issue 32).
  const fromId = editId ? null : params.get('from');
  const booking = usePickupRequest(fromId);
  const money = useCurrency();
  const { packagePayments, packageCustomerActions } = useAdminSlots();
  const fromBooking = useCreatePackageFromPickup();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const drivers = useDrivers();
  const create = useCreatePackage();
  const save = useUpdatePackage();
  const pending = create.isPending || save.isPending || fromBooking.isPending;

  // Edit Package loads the package once; what the admin then types is theirs.
  useEffect(() => {
    if (editId && editing.data && loadedId !== editId) {
      setValues(fromPackage(editing.data, money.toInput));
      setErrors({});
      setLoadedId(editId);
    }
  }, [editId, editing.data, loadedId, money.toInput]);
  // A request makes one package: opening 'Create package' on one that already made it opens that package instead.
  const madeId = fromId ? booking.data?.packageId : null;
  useEffect(() => {
    if (madeId) update({ from: null, edit: madeId });
  }, [madeId, update]);
  useEffect(() => {
    if (fromId && booking.data && !booking.data.packageId && loadedId !== `from:${fromId}`) {
      setValues(fromPickup(booking.data));
      setErrors({});
      setLoadedId(`from:${fromId}`);
    }
  }, [fromId, booking.data, loadedId]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const setStatus = (status: PackageStatus) =>
    setValues((v) => ({ ...v, status, currentLocation: autoCurrentLocation(status, v.pickupAddress) }));
  const setPickup = (pickupAddress: string) =>
    setValues((v) => ({
      ...v,
      pickupAddress,
      // Spec §4: while processing or pending, the pickup address is the current location.
      currentLocation: v.status === 'processing' || v.status === 'pending' ? autoCurrentLocation(v.status, pickupAddress) : v.currentLocation,
    }));

  const cancelEdit = () => {
    setValues(EMPTY);
    setErrors({});
    setLoadedId(null);
    update({ edit: null, from: null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, money.parse);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const input = toInput(values, money.parse);
    const onError = (title: string) => (error: Error) => {
      // The form keeps every value; field problems from the server go under their fields.
      if (error instanceof ApiError && error.issues) {
        const fieldErrors: Errors = {};
        for (const issue of error.issues) if (issue.path in EMPTY) fieldErrors[issue.path as keyof FormValues] = issue.message;
        setErrors(fieldErrors);
      }
      toastError(title, serverMessage(error));
    };
    if (editId) {
      save.mutate(
        { id: editId, input },
        {
          onSuccess: () => {
            toastSuccess(T.updated);
            cancelEdit();
          },
          onError: onError(T.updateFailed),
        },
      );
    } else if (fromId) {
      fromBooking.mutate(
        { id: fromId, input },
        {
          onSuccess: (made) => {
            toastSuccess(made.created ? T.pickupCreated(made.trackingNumber) : T.pickupHadPackage(made.trackingNumber));
            setValues(EMPTY);
            setLoadedId(null);
            // Made meanwhile by someone else: the one it made opens, as a second 'Create package' would.
            if (made.created) update({ from: null, tab: null, q: made.trackingNumber }, { push: true });
            else update({ from: null, edit: made.packageId });
          },
          onError: onError(T.createFailed),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (pkg) => {
          toastSuccess(T.created(pkg.driver));
          setValues(EMPTY);
        },
        onError: onError(T.createFailed),
      });
    }
  };

  const driverOptions = (drivers.data ?? []).filter((d) => d.isActive || d.id === values.driverId).map((d) => ({ value: d.id, label: `${d.name} (${d.vehicleId})` }));

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={submit} noValidate aria-label={editId ? T.editTitle(values.trackingNumber) : T.createTitle}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                {editId ? T.editTitle(editing.data?.trackingNumber ?? '') : T.createTitle}
              </Title>
              {fromId && booking.data && !booking.data.packageId && <Alert color="blue">{T.fromPickup(booking.data.customerName)}</Alert>}
              {editId && editing.data?.pickupRequestId && (
                <Text size="sm" c="dimmed">
                  {T.cameFrom}
                </Text>
              )}
              <Grid gutter="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={T.trackingNumber} required maxLength={LIMITS.trackingNumber} value={values.trackingNumber} onChange={(e) => set('trackingNumber', e.currentTarget.value)} error={errors.trackingNumber} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select label={T.status} data={STATUS_OPTIONS} value={values.status} onChange={(v) => v && setStatus(v as PackageStatus)} allowDeselect={false} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={T.currentLocation} required value={values.currentLocation} onChange={(e) => set('currentLocation', e.currentTarget.value)} error={errors.currentLocation} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <DatePickerInput
                    type="range"
                    label={T.deliveryRange}
                    required
                    value={values.range}
                    onChange={(range) => set('range', [range[0] ? String(range[0]).slice(0, 10) : null, range[1] ? String(range[1]).slice(0, 10) : null])}
                    error={errors.range}
                    allowSingleDateInRange
                    description={formatDeliveryRange(values.range[0], values.range[1]) || T.deliveryRangePlaceholder}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={T.pickupAddress} required value={values.pickupAddress} onChange={(e) => setPickup(e.currentTarget.value)} error={errors.pickupAddress} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={T.deliveryAddress} required value={values.deliveryAddress} onChange={(e) => set('deliveryAddress', e.currentTarget.value)} error={errors.deliveryAddress} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={T.customerName} required maxLength={LIMITS.name} value={values.customerName} onChange={(e) => set('customerName', e.currentTarget.value)} error={errors.customerName} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={T.customerPhone}
                    required
                    type="tel"
                    inputMode="tel"
                    maxLength={LIMITS.phone}
                    value={values.customerPhone}
                    onChange={(e) => set('customerPhone', formatCustomerPhone(e.currentTarget.value))}
                    error={errors.customerPhone}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={T.customerEmail}
                    description={T.customerEmailHint}
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    value={values.customerEmail}
                    onChange={(e) => set('customerEmail', e.currentTarget.value)}
                    error={errors.customerEmail}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput label={T.weight} value={values.weight} onChange={(e) => set('weight', e.currentTarget.value)} />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput label={T.dimensions} value={values.dimensions} onChange={(e) => set('dimensions', e.currentTarget.value)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select label={T.serviceType} data={SERVICE_OPTIONS} value={values.serviceType} onChange={(v) => v && set('serviceType', v)} allowDeselect={false} />
                </Grid.Col>
                <Grid.Col span={12}>
                  <Textarea label={T.itemDescription} autosize minRows={2} value={values.itemDescription} onChange={(e) => set('itemDescription', e.currentTarget.value)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={`${T.amountDue} (${money.currency})`}
                    description={T.amountDueHint(money.currency)}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={values.amountDue}
                    onChange={(e) => set('amountDue', e.currentTarget.value)}
                    error={errors.amountDue}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select label={T.driver} placeholder={T.noDriver} data={driverOptions} value={values.driverId} onChange={(v) => set('driverId', v)} clearable searchable />
                </Grid.Col>
              </Grid>
              <Group>
                <Button type="submit" disabled={pending}>
                  {editId ? (save.isPending ? T.updating : T.update) : create.isPending ? T.creating : T.create}
                </Button>
                {editId && (
                  <Button variant="default" onClick={cancelEdit}>
                    {T.cancelEdit}
                  </Button>
                )}
              </Group>
              {editId && editing.isError && <Text c="red.8">{serverMessage(editing.error) ?? ADMIN_TEXT.common.loadFailed}</Text>}
            </Stack>
          </form>
        </Paper>
        {/* The package's payments (features/collections, through a slot): list, record, refund or correct, release. */}
        {editId && editing.data && packagePayments?.(editing.data.id)}
        {/* The customer link (copy, text, email) and what the customer gave (features/customer-actions, issue 33). */}
        {editId && editing.data && packageCustomerActions?.(editing.data.id, Boolean(editing.data.customerEmail))}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TrackingIdeas onUse={(value) => set('trackingNumber', value)} />
      </Grid.Col>
    </Grid>
  );
}
