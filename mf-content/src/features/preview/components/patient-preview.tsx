import { useEffect, useId, useState, type ReactNode } from 'react';
import { Box, Button, Flex, Heading, Image, Stack, Text } from '@baridesk/ui';
import type { ResourceFormReturn } from '@baridesk/ui/resources';
import { formatPhone } from '@baridesk/domain';
import { previewOfValues, type PreviewItem, type PreviewLabels } from '../preview-item';
import { RichTextView } from './rich-text-view';

/** The phone the preview stands for: a common phone's width in CSS pixels. */
const PHONE_WIDTH = '375px';

const isWebAddress = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

type Action = { key: string; label: string; href: string | undefined; detail?: string };

/** The app's buttons under an item: its link (named as the type names it), video, phone, e-mail and address. */
function actionsOf(item: PreviewItem, labels: PreviewLabels = {}): Action[] {
  const actions: Action[] = [];
  // An address still being typed (not a whole URL yet) shows its button without a target.
  const web = (value: string) => (isWebAddress(value) ? value : undefined);
  if (item.link) actions.push({ key: 'link', label: labels.link?.label ?? 'Open link', href: web(item.link) });
  if (item.video_url) actions.push({ key: 'video', label: 'Watch video', href: web(item.video_url) });
  if (item.phone) actions.push({ key: 'phone', label: `Call ${formatPhone(item.phone)}`, href: `tel:${item.phone.replace(/[^\d+]/g, '')}` });
  if (item.email) actions.push({ key: 'email', label: `E-mail ${item.email}`, href: `mailto:${item.email}` });
  if (item.address) {
    // The app opens the phone's maps at the address; here a maps search stands in for it.
    actions.push({ key: 'address', label: 'Directions', href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(item.address)}`, detail: item.address });
  }
  return actions;
}

export type PatientPreviewProps = {
  /** The item or page as the app gets it (GET /api/app/content): missing fields are not drawn. */
  item: PreviewItem;
  /** The menu it appears under in the app (the type's label), shown as the phone screen's title bar. */
  menuLabel?: string;
  /** The type's field labels (registry `fields`), naming its buttons ("Where to buy"). */
  labels?: PreviewLabels;
};

/**
 * "Preview as patient": a phone-width card showing an item or a page as the patients' app draws it
 * (image, title, subtitle, length, the rich text, and buttons for its link, video, phone, e-mail and
 * address). A complementary landmark named by its heading; the card is a picture of the app, so its
 * links open in a new tab.
 */
export function PatientPreview({ item, menuLabel, labels }: PatientPreviewProps) {
  const headingId = useId();
  const actions = actionsOf(item, labels);
  const empty = !item.title && !item.subtitle && !item.body && !item.image && actions.length === 0;
  return (
    <Box as="aside" aria-labelledby={headingId} width="full" maxW={PHONE_WIDTH}>
      <Heading as="h2" id={headingId} size="sm" mb="2">
        Preview as patient
      </Heading>
      <Box borderWidth="1px" borderColor="border.emphasized" borderRadius="2xl" overflow="hidden" bg="bg" boxShadow="sm" data-testid="patient-preview">
        {menuLabel ? (
          <Box bg="blue.700" color="white" px="4" py="2" fontWeight="semibold" fontSize="sm">
            {menuLabel}
          </Box>
        ) : null}
        {item.image ? <Image src={item.image} alt="" width="full" maxH="56" objectFit="cover" /> : null}
        <Stack gap="3" p="4">
          {empty ? <Text color="fg.muted">Nothing to show yet: fill in the form to see the item as patients will.</Text> : null}
          {item.title ? (
            <Heading as="h3" size="md">
              {item.title}
            </Heading>
          ) : null}
          {item.subtitle ? <Text color="fg.muted">{item.subtitle}</Text> : null}
          {item.duration_minutes ? <Text fontSize="sm" color="fg.muted">{`${item.duration_minutes} min`}</Text> : null}
          {item.body ? <RichTextView html={item.body} /> : null}
          {actions.length > 0 ? (
            <Stack gap="2" pt="1">
              {actions.map((action) => (
                <Stack key={action.key} gap="1">
                  {action.detail ? <Text fontSize="sm">{action.detail}</Text> : null}
                  {action.href ? (
                    <Button asChild size="sm" variant="outline" width="full">
                      <a href={action.href} target="_blank" rel="noopener noreferrer">
                        {action.label}
                      </a>
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" width="full" disabled>
                      {action.label}
                    </Button>
                  )}
                </Stack>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}

export type FormPreviewProps = Omit<PatientPreviewProps, 'item'> & {
  /** The form being filled in (the kit's useResourceForm, or any react-hook-form form with the item's field names). */
  form: ResourceFormReturn;
  /** The stored image's URL while the form keeps it. */
  storedImage?: string | null;
};

/**
 * The preview of a form, redrawn as the user types. It follows the form's values itself, so a
 * keystroke redraws the preview and not the form.
 */
export function FormPreview({ form, storedImage, ...props }: FormPreviewProps) {
  const [values, setValues] = useState(() => form.getValues());
  useEffect(() => {
    const subscription = form.watch((changed) => setValues({ ...changed }));
    return () => subscription.unsubscribe();
  }, [form]);
  return <PatientPreview item={previewOfValues(values, storedImage)} {...props} />;
}

/**
 * A form or a record's details with the preview beside them when there is room (a page on a wide
 * screen), under them when there is not (a phone, a dialog): the two wrap by their own widths, not the
 * window's, so the same layout serves a page and a dialog. The preview stays in sight while a long form scrolls.
 */
export function WithPreview({ children, preview }: { children: ReactNode; preview: ReactNode }) {
  return (
    <Flex wrap="wrap" gap="6" align="flex-start">
      <Box flex="1 1 22rem" minW="0">
        {children}
      </Box>
      <Box flex={`0 1 ${PHONE_WIDTH}`} minW="0" position="sticky" top="4">
        {preview}
      </Box>
    </Flex>
  );
}
