import { insuranceCoordinatorResource } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { defineResourceView } from '@baridesk/ui/resources';

const LIST_PATH = '/add-insurance-coordinator';
/** A coordinator's details page. */
export const coordinatorShowPath = (id: number) => `/insurance-coordinator/${id}/show`;
const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);
const patientsCount = (coordinator: { patients_count: number }) => formatAmount(coordinator.patients_count);

/**
 * The Insurance Coordinators screens. The spec gives coordinators no list path of their own: the add
 * page holds the form and the list; a coordinator has a show page and an edit page.
 */
export const insuranceCoordinatorsView = defineResourceView({
  resource: insuranceCoordinatorResource,
  words: { one: 'coordinator', many: 'coordinators' },
  texts: {
    title: 'Insurance Coordinators',
    add: 'Add Coordinator',
    searchPlaceholder: 'Name, e-mail or phone…',
    empty: 'No coordinators yet. Add the first one above.',
    badAddress: 'This address does not name an insurance coordinator.',
  },
  form: { mode: 'page', path: (id) => (id ? `/insurance-coordinator/${id}/edit` : LIST_PATH) },
  listPath: LIST_PATH,
  showPath: coordinatorShowPath,
  fields: { email: { label: 'E-mail' }, phone: { placeholder: '555-123-4567' } },
  formColumns: 3,
  columns: [
    'name',
    'email',
    'phone',
    { key: 'patients_count', header: 'Patients', sortable: true, align: 'end', render: patientsCount },
    'status',
    'actions',
  ],
  details: ['name', 'email', 'phone', 'status', { term: 'Patients', render: patientsCount }, 'created_at', 'updated_at'],
  deleteQuestion: (coordinator) => {
    // The server refuses a coordinator with patients (409, with the count); say so before asking.
    const count = coordinator.patients_count;
    const inUse = count > 0 ? ` ${patientsText(count)} ${count === 1 ? 'has' : 'have'} this coordinator, so it cannot be deleted until they are given another.` : '';
    return { title: 'Delete insurance coordinator', message: `Delete ${coordinator.name}?${inUse}` };
  },
});
