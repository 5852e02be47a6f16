import { Input, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { postJson } from '@baridesk/api-client';
import { locationTimezoneBody, type LocationTimezoneResponse } from '@baridesk/contracts';
import { FormField } from '../form-field';
import { TextField } from '../text-field';
import { useDebouncedValue } from '../use-debounced-value';
import type { FieldRenderer, ResourceFormReturn } from './resource-view';

/** Typing a coordinate waits this long after the last key before the zone is asked for. */
export const TIME_ZONE_LOOKUP_DELAY_MS = 400;

/** The api-client takes paths below /api; the contracts' URLs are whole. */
const belowApi = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** What the time zone box says while it has no zone to show. */
const HINT = 'Filled in from the latitude and longitude.';

/**
 * The read-only time zone of a location, asked of the server (`url`, the staff or the super-admin
 * timezone call) whenever the form's latitude and longitude are both valid. Until the coordinates are
 * edited it shows the record's stored zone (`current`). The zone is never typed: the server computes it
 * again on save, so what is shown is what will be stored. Its changes are announced (a live region).
 */
export function LocationTimeZone({ form, url, current }: { form: ResourceFormReturn; url: string; current: string | null }) {
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] }) as [unknown, unknown];
  const coordinates = useDebouncedValue(v.safeParse(locationTimezoneBody, { latitude, longitude }), TIME_ZONE_LOOKUP_DELAY_MS);
  const edited = form.formState.dirtyFields.latitude === true || form.formState.dirtyFields.longitude === true;
  const asked = coordinates.success && (edited || !current) ? coordinates.output : null;
  const lookup = useQuery({
    queryKey: ['location-time-zone', url, asked?.latitude, asked?.longitude],
    queryFn: ({ signal }) => postJson<LocationTimezoneResponse>(belowApi(url), asked, { signal }),
    enabled: asked !== null,
    staleTime: Infinity,
  });

  let shown = '';
  let note = HINT;
  let failure: string | undefined;
  if (asked === null) {
    shown = edited || !coordinates.success ? '' : (current ?? '');
    if (edited && !coordinates.success) note = 'Enter a valid latitude and longitude to find the time zone.';
  } else if (lookup.isError) {
    failure = lookup.error.message;
  } else if (lookup.data) {
    shown = lookup.data.data.timezone;
  } else {
    note = 'Finding the time zone…';
  }

  // A read-only box's new value is not read out by itself: the zone found is announced.
  const helper = (
    <>
      {note}
      <VisuallyHidden role="status">{asked !== null && shown ? `Time zone ${shown}` : ''}</VisuallyHidden>
    </>
  );
  return (
    <FormField label="Time zone" helperText={helper} error={failure}>
      {({ describedBy }) => <Input value={shown} readOnly aria-describedby={describedBy} />}
    </FormField>
  );
}

/**
 * The longitude input of a location form followed by its time zone (LocationTimeZone): a view gives it
 * to its `longitude` field, with its resource's timezone call.
 */
export const longitudeWithTimeZone =
  (url: string): FieldRenderer =>
  ({ form, name, label, required, options, record }) => (
    <>
      <TextField form={form} name={name} label={label} type="number" required={required} placeholder={options.placeholder} helperText={options.helperText} autoComplete="off" />
      <LocationTimeZone form={form} url={url} current={typeof record?.timezone === 'string' ? record.timezone : null} />
    </>
  );
