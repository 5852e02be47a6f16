import type { ComponentType } from 'react';
import { CONTENT_LISTS, type ContentListKey, type ContentListType } from '@baridesk/contracts';
import { SupportGroupMenuTextButton } from '../../content-pages/components/support-group-menu-text';
import { ContentCategoriesScreen, GenericCategoriesScreen } from './content-categories-screen';
import { ContentListScreen } from './content-list-screen';
import { ContentFormScreen, ContentShowScreen } from './content-record-screens';

/**
 * The route screens of the list types: each path of the registry gets a screen bound to its type. The
 * shell mounts a route's component without props, so each is a component of its own, made once.
 */
export type ContentScreenKind = 'list' | 'store' | 'edit' | 'show' | 'categories' | 'subCategories';

const made = new Map<string, ComponentType>();

function once(key: string, make: () => ComponentType): ComponentType {
  let screen = made.get(key);
  if (!screen) {
    screen = make();
    made.set(key, screen);
  }
  return screen;
}

const typeOf = (key: ContentListKey) => (CONTENT_LISTS as readonly ContentListType[]).find((type) => type.key === key)!;

/** The screen of one kind of one list type. */
export function contentScreen(key: ContentListKey, kind: ContentScreenKind): ComponentType {
  return once(`${key}:${kind}`, () => {
    const type = typeOf(key);
    switch (kind) {
      case 'list': {
        // The support group's list also edits the text the app shows above the groups (its menu data).
        const actions = key === 'support-group' ? <SupportGroupMenuTextButton /> : undefined;
        return function ContentList() {
          return <ContentListScreen type={type} actions={actions} />;
        };
      }
      case 'store':
      case 'edit':
        return function ContentForm() {
          return <ContentFormScreen type={type} />;
        };
      case 'show':
        return function ContentShow() {
          return <ContentShowScreen type={type} />;
        };
      case 'categories':
        return function ContentCategories() {
          return <ContentCategoriesScreen type={type} level="category" />;
        };
      case 'subCategories':
        return function ContentSubCategories() {
          return <ContentCategoriesScreen type={type} level="sub-category" />;
        };
    }
  });
}

/** /coordinator-categories-1 and -2: the contacts' categories reached from one of the special program's groups. */
export const coordinatorCategoriesScreen = (group: 1 | 2): ComponentType =>
  once(`coordinator:${group}`, () => {
    const contacts = typeOf('contacts');
    return function CoordinatorCategories() {
      return <ContentCategoriesScreen type={contacts} level="category" group={group} />;
    };
  });

export const GenericCategories = () => <GenericCategoriesScreen level="category" />;
export const GenericSubCategories = () => <GenericCategoriesScreen level="sub-category" />;
