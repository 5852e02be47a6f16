/**
 * Which sidebar entry a page below a list belongs to. A sidebar link is current on its own path and the
 * paths under it (/manage-patients/…); the pages below a list that live at other paths (a patient's
 * record, edit form and logs; a template's form; a tag or coordinator form) are listed here, so their
 * section stays marked in the sidebar while they are open.
 */
const SECTION_OF_PAGE: readonly (readonly [prefix: string, section: string])[] = [
  // A patient's pages are opened from the patient list.
  ['/patient-detail', '/manage-patients'],
  ['/add-patient', '/manage-patients'],
  ['/weight-log', '/manage-patients'],
  ['/food-log', '/manage-patients'],
  ['/nutrition-report', '/manage-patients'],
  ['/checklists', '/manage-patients'],
  ['/reset-patient-password', '/manage-patients'],
  // A checklist item's patients are opened from the pipeline board.
  ['/checklist-items', '/pipeline'],
  ['/checklist-template', '/checklist-templates'],
  ['/category-form', '/user-category'],
  ['/insurance-coordinator', '/add-insurance-coordinator'],
  ['/scheduled-message', '/scheduled-messages'],
  ['/events-rsvp-report', '/events-rsvp-list'],
  ['/faq', '/faqs'],
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The path the sidebar marks for `pathname`: its section's list for a page below one, else the path itself. */
export function sectionPathOf(pathname: string): string {
  const entry = SECTION_OF_PAGE.find(([prefix]) => under(pathname, prefix));
  return entry ? entry[1] : pathname;
}
