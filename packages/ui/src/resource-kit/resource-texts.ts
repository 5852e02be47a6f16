import type { AnyResource } from '@baridesk/contracts';

/** What the kit's screens say about a resource; each is derived from its words unless a view gives it. */
export type ResourceTexts = {
  /** The list page's heading: the definition's plural label ("Patient Tags"). */
  title: string;
  /** The table's name for screen readers ("Patient tags"). */
  caption: string;
  /** The button that adds one ("Add Tag"). */
  add: string;
  /** The form's heading for a new record and for an existing one ("Add Tag", "Edit Tag"). */
  addTitle: string;
  editTitle: string;
  searchLabel: string;
  searchPlaceholder: string;
  listError: string;
  /** The list when there are no records at all, and when the search or filters match none. */
  empty: string;
  noMatch: string;
  recordError: string;
  loadingRecord: string;
  /** An address whose id names no record, and the link back to the list. */
  badAddress: string;
  backToList: string;
  /** The delete question's heading ("Delete tag"); its message names the record. */
  deleteTitle: string;
  /** The show page's way back to the list ("All Coordinators"). */
  allRecords: string;
  /** The button that turns the table into the re-orderable list, and back. */
  reorder: string;
  doneReordering: string;
  /** The words for one record and several, in lower case ("tag", "tags"): the bulk bar's name and its delete question. */
  one: string;
  many: string;
  /** The selection column's header checkbox, for screen readers ("Select all tags on this page"). */
  selectAll: string;
};

/**
 * The words the texts are made of: one record and several, in lower case as a sentence uses them
 * ("tag", "tags"). By default the definition's labels, lower-cased.
 */
export type ResourceWords = { one: string; many: string };

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentenceCase = (text: string) => capitalised(text.toLowerCase());
const titleCase = (text: string) => text.split(' ').map(capitalised).join(' ');
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export function resourceTexts(resource: AnyResource, words: Partial<ResourceWords> = {}, given: Partial<ResourceTexts> = {}): ResourceTexts {
  const one = words.one ?? resource.labels.singular.toLowerCase();
  const many = words.many ?? resource.labels.plural.toLowerCase();
  const title = given.title ?? resource.labels.plural;
  return {
    title,
    caption: sentenceCase(title),
    add: `Add ${titleCase(resource.labels.singular)}`,
    addTitle: `Add ${titleCase(resource.labels.singular)}`,
    editTitle: `Edit ${titleCase(resource.labels.singular)}`,
    searchLabel: `Search ${many}`,
    searchPlaceholder: `Search ${many}…`,
    listError: `The ${many} could not be loaded.`,
    empty: `No ${many} yet. Add the first one.`,
    noMatch: `No ${many} match your search.`,
    recordError: `The ${one} could not be loaded.`,
    loadingRecord: `Loading the ${one}`,
    badAddress: `This address does not name ${withArticle(one)}.`,
    backToList: `Back to the ${title.toLowerCase()}`,
    deleteTitle: `Delete ${one}`,
    allRecords: `All ${titleCase(many)}`,
    reorder: 'Change order',
    doneReordering: 'Done',
    one,
    many,
    selectAll: `Select all ${many} on this page`,
    ...given,
  };
}
