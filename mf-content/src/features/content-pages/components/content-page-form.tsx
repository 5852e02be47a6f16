import { lazy, Suspense, useEffect } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  CONTENT_LINK_MAX_LENGTH,
  CONTENT_TEXT_MAX_LENGTH,
  contentPageUpdateBody,
  pageFieldsOf,
  type ContentPage,
  type ContentPageDefinition,
  type ContentPageSavedResponse,
} from '@baridesk/contracts';
import { Button, chakra, HStack, Skeleton, Stack, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { SAVE_CHANGES, type ResourceFormReturn } from '@baridesk/ui/resources';
import { ImageUploadField } from '@baridesk/ui/uploads';
import { FormPreview, WithPreview } from '../../preview/components/patient-preview';
import { useSaveContentPage } from '../api/content-page';

/** The page's schema as the form hook takes it (an object schema of the page's fields). */
type PageSchema = Parameters<typeof useValibotForm>[0];

// The editor (TipTap) is heavy: fetched when a page's form opens.
const RichTextField = lazy(() => import('@baridesk/ui/rich-text').then((module) => ({ default: module.RichTextField })));

export type ContentPageFormProps = {
  definition: ContentPageDefinition;
  page: ContentPage;
  /** After a save, with the saved page (back to the page, or close the dialog). */
  onSaved: (saved: ContentPageSavedResponse) => void;
  onCancel: () => void;
  /** The menu the page appears under in the app: the preview's title bar. */
  menuLabel: string;
  /** Puts the focus in the first field on opening (the form replaced what had the focus). */
  focusFirst?: boolean;
};

/**
 * A page's form: the fields its type uses (title, link, rich text, image), checked by the same schema as
 * the server's, with the page as patients will see it beside the fields, redrawn as the user types.
 */
export function ContentPageForm({ definition, page, onSaved, onCancel, menuLabel, focusFirst }: ContentPageFormProps) {
  const save = useSaveContentPage(definition);
  const fields = new Set(pageFieldsOf(definition));
  const form = useValibotForm(contentPageUpdateBody(definition) as unknown as PageSchema, {
    defaultValues: { title: page.title ?? '', link: page.link ?? '', body: page.body ?? '' },
  }) as unknown as ResourceFormReturn;
  const submit = useFormSubmit(form, (values) => save.mutateAsync(values), { notifySuccess, notifyError, onSaved });
  const use = definition.fields;
  const first = pageFieldsOf(definition)[0];
  useEffect(() => {
    if (focusFirst && first && first !== 'body' && first !== 'image') form.setFocus(first);
  }, [focusFirst, first, form]);

  return (
    <WithPreview preview={<FormPreview form={form} storedImage={page.image} menuLabel={menuLabel} labels={{ link: use.link }} />}>
      <chakra.form onSubmit={submit} noValidate aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          {fields.has('title') ? (
            <TextField form={form} name="title" label={use.title!.label} required={use.title!.required} maxLength={CONTENT_TEXT_MAX_LENGTH} autoComplete="off" />
          ) : null}
          {fields.has('link') ? (
            <TextField
              form={form}
              name="link"
              label={use.link!.label}
              type="url"
              required={use.link!.required}
              maxLength={CONTENT_LINK_MAX_LENGTH}
              placeholder="https://"
              helperText="The full address, starting with https://"
              autoComplete="url"
            />
          ) : null}
          {fields.has('body') ? (
            <Suspense fallback={<Skeleton height="250px" aria-label={`Loading the ${use.body!.label} editor`} />}>
              <RichTextField form={form} name="body" label={use.body!.label} required={use.body!.required} height="small" />
            </Suspense>
          ) : null}
          {fields.has('image') ? (
            <ImageUploadField
              form={form}
              name="image"
              label={use.image!.label}
              valueAs="key"
              current={page.image}
              minWidth={definition.image?.minWidth}
              minHeight={definition.image?.minHeight}
              required={use.image!.required}
            />
          ) : null}
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              {SAVE_CHANGES}
            </Button>
            <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={form.formState.isSubmitting}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
    </WithPreview>
  );
}
