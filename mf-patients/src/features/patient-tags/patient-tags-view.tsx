import { patientTagResource } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { defineResourceView } from '@baridesk/ui/resources';

const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** The Patient Tags screens: /user-category lists the program's tags, /category-form (with ?id=) adds or edits one. */
export const patientTagsView = defineResourceView({
  resource: patientTagResource,
  words: { many: 'tags' },
  texts: { addTitle: 'Add Patient Tag', editTitle: 'Edit Patient Tag' },
  form: { mode: 'page', path: (id) => (id ? `/category-form?id=${id}` : '/category-form') },
  listPath: '/user-category',
  columns: [
    'name',
    { key: 'patients_count', header: 'Patients', sortable: true, align: 'end', render: (tag) => formatAmount(tag.patients_count) },
    'status',
    'updated_at',
    'actions',
  ],
  deleteQuestion: (tag) => {
    // The server refuses a tag in use (409, with the count); say so before asking.
    const inUse = tag.patients_count > 0 ? ` It is on ${patientsText(tag.patients_count)}, so it cannot be deleted until it is removed from them.` : '';
    return { title: 'Delete tag', message: `Delete the tag "${tag.name}"?${inUse}` };
  },
});
