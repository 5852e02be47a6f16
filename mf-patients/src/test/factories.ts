/** Test data of the patient screens, valid by the contracts' types. */
import type { InsuranceCoordinator, PatientListItem, PatientTag, PreLoadFilters } from '@baridesk/contracts';

let nextId = 1;

export function createPatient(overrides: Partial<PatientListItem> = {}): PatientListItem {
  const id = nextId++;
  return {
    id,
    first_name: 'Jane',
    last_name: `Doe ${id}`,
    name: `Jane Doe ${id}`,
    email: `jane.doe.${id}@example.test`,
    phone: '+1 (555) 123-4567',
    mrn_number: `MRN-${1000 + id}`,
    current_stage: 1,
    surgery_date: '2026-03-05',
    type_of_surgery: 'Sleeve',
    starting_weight: 290,
    current_weight: 1250.5,
    target_weight: 180,
    user_cat_name: 'Support group',
    user_cat_name2: null,
    location_id: 3,
    insurance_coordinator_id: 4,
    status: 1,
    is_invited: 1,
    last_app_activity_at: null,
    created_at: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}


export const createPreLoadFilters = (overrides: Partial<PreLoadFilters> = {}): PreLoadFilters => ({
  stages: [
    { id: 1, label: 'Pre-Op' },
    { id: 2, label: 'Post-Op' },
    { id: 3, label: 'Weight-Management' },
  ],
  tags: [
    { id: 11, name: 'Support group' },
    { id: 12, name: 'High risk' },
  ],
  coordinators: [{ id: 4, name: 'Carla Coordinator' }],
  locations: [
    { id: 3, name: 'Main Street Clinic' },
    { id: 5, name: 'Lakeside Hospital' },
  ],
  surgeryTypes: ['Roux-en-Y Gastric Bypass', 'Sleeve Gastrectomy'],
  ...overrides,
});

export function createPatientTag(overrides: Partial<PatientTag> = {}): PatientTag {
  const id = nextId++;
  return {
    id,
    name: `Tag ${id}`,
    status: 1,
    patients_count: 0,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-02-03T04:05:06.000Z',
    ...overrides,
  };
}

export function createInsuranceCoordinator(overrides: Partial<InsuranceCoordinator> = {}): InsuranceCoordinator {
  const id = nextId++;
  return {
    id,
    name: `Coordinator ${id}`,
    email: `coordinator.${id}@example.test`,
    phone: '+13125550100',
    status: 1,
    patients_count: 0,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-02-03T04:05:06.000Z',
    ...overrides,
  };
}
