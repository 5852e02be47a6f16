import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  CHECKLIST_DESCRIPTION_MAX,
  CHECKLIST_NAME_MAX,
  checklistTemplateFormSchema,
  type ChecklistTemplateDetail,
  type ChecklistTemplateFormInput,
} from '@baridesk/contracts';
import type { StageId } from '@baridesk/domain';
import {
  Button,
  chakra,
  HStack,
  Link,
  PageFrame,
  Spinner,
  Stack,
  Text,
  TextareaField,
  TextField,
  useFormSubmit,
  useValibotForm,
} from '@baridesk/ui';
import { CheckboxField, SwitchField } from '@baridesk/ui/controls';
import { LoadError } from '@baridesk/ui/lists';
import { useCreateChecklistTemplate } from '../api/create-checklist-template';
import { checklistNameOf, useChecklistStageNames } from '../api/get-checklist-stage-names';
import { useChecklistTemplate } from '../api/get-checklist-template';
import { useUpdateChecklistTemplate } from '../api/update-checklist-template';
import { emptyTemplateItem } from '../hooks/use-template-item-rows';
import { stageParamOf } from '../../../utils/stage-param';
import { templatesPathOf } from '../utils/stage-param';
import { TemplateItemsEditor } from './template-items-editor';

/** store: a new template of the stage; edit: change one; copy: a new template filled from one. */
type Mode = 'store' | 'edit' | 'copy';

const VERB: Record<Mode, string> = { store: 'Add', edit: 'Edit', copy: 'Copy' };

/** A template id from the address; null for anything but a positive whole number. */
const templateIdOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * What the form starts with. A copy is named "Copy of …", is not the stage's default, and its items
 * have no ids, so saving it (POST store) adds new items; an edit keeps the items' ids (POST update).
 */
function defaultsOf(mode: Mode, template?: ChecklistTemplateDetail): ChecklistTemplateFormInput {
  if (!template) return { name: '', description: '', status: true, is_default: false, items: [emptyTemplateItem()] };
  const copy = mode === 'copy';
  return {
    name: copy ? `Copy of ${template.name}` : template.name,
    description: template.description ?? '',
    status: template.status === 1,
    is_default: !copy && template.is_default === 1,
    items: template.items.map((item) => ({
      ...(copy ? {} : { id: item.id }),
      title: item.title,
      description: item.description ?? '',
      due_anchor: item.due_anchor ?? '',
      due_days: item.due_days ?? '',
    })),
  };
}

/**
 * /checklist-template/:id/store, /:id/edit/:rowId and /:id/copy/:rowId: `:id` is the STAGE (1 to 3),
 * `:rowId` the template. One form for the three.
 */
function ChecklistTemplateFormScreen({ mode }: { mode: Mode }) {
  const { id, rowId } = useParams();
  const stage = stageParamOf(id);
  const templateId = mode === 'store' ? null : templateIdOf(rowId);
  const addressOk = stage !== null && (mode === 'store' || templateId !== null);
  const names = useChecklistStageNames();
  const template = useChecklistTemplate(addressOk ? templateId : null);
  // An edit stays in the template's own stage (the server keeps it); a copy goes to the stage of the address.
  const formStage = mode === 'edit' && template.data ? template.data.stage : stage;

  let body;
  if (!addressOk) {
    body = (
      <Text role="alert">
        This address does not name a checklist template.{' '}
        <Link asChild>
          <RouterLink to="/checklist-templates">Back to the checklist templates</RouterLink>
        </Link>
      </Text>
    );
  } else if (mode === 'store') {
    body = <ChecklistTemplateForm mode={mode} stage={stage} />;
  } else if (template.isError) {
    body = <LoadError title="The template could not be loaded." message={template.error.message} onRetry={() => void template.refetch()} />;
  } else if (template.data && formStage !== null) {
    body = <ChecklistTemplateForm key={template.data.id} mode={mode} stage={formStage} template={template.data} />;
  } else {
    body = <Spinner aria-label="Loading the template" />;
  }

  const title = formStage === null ? 'Checklist Template' : `${VERB[mode]} ${checklistNameOf(names.data, formStage)} Checklist Template`;
  const list = { label: 'Checklist Templates', to: formStage === null ? '/checklist-templates' : templatesPathOf(formStage) };
  return (
    <PageFrame title={title} breadcrumbs={[list, { label: title }]}>
      {body}
    </PageFrame>
  );
}

export const StoreChecklistTemplateScreen = () => <ChecklistTemplateFormScreen mode="store" />;
export const EditChecklistTemplateScreen = () => <ChecklistTemplateFormScreen mode="edit" />;
export const CopyChecklistTemplateScreen = () => <ChecklistTemplateFormScreen mode="copy" />;

type FormProps = { mode: Mode; stage: StageId; template?: ChecklistTemplateDetail };

/** Name, description, Active, Default and the ordered items; saving goes back to the stage's list. */
function ChecklistTemplateForm({ mode, stage, template }: FormProps) {
  const navigate = useNavigate();
  const create = useCreateChecklistTemplate();
  const update = useUpdateChecklistTemplate();
  const form = useValibotForm(checklistTemplateFormSchema, { defaultValues: defaultsOf(mode, template) });
  const listPath = templatesPathOf(stage);
  const submit = useFormSubmit(
    form,
    (values) => (mode === 'edit' && template ? update.mutateAsync({ id: template.id, ...values }) : create.mutateAsync({ stage, ...values })),
    { notifySuccess, notifyError, onSaved: () => navigate(listPath) },
  );

  return (
    <chakra.form onSubmit={submit} noValidate maxW="3xl">
      <Stack gap="5">
        <TextField form={form} name="name" label="Name" required maxLength={CHECKLIST_NAME_MAX} />
        <TextareaField form={form} name="description" label="Description" rows={3} maxLength={CHECKLIST_DESCRIPTION_MAX} />
        <SwitchField form={form} name="status" label="Active" />
        <CheckboxField
          form={form}
          name="is_default"
          label="Default for patients entering this stage"
          helperText="Its items are put on the checklist of every patient who enters the stage. A stage has one default template."
        />
        <TemplateItemsEditor form={form} />
        {form.formState.errors.root?.server ? (
          <Text role="alert" color="fg.error">
            {form.formState.errors.root.server.message}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {mode === 'edit' ? 'Save Changes' : mode === 'copy' ? 'Save Copy' : 'Add Template'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={listPath}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
