/**
 * The content library's types, as data: every content menu the patients' app shows, with its API route
 * name, the sub-menu switch and menu flag that open it, its screens, the fields a program fills in and
 * whether it has categories. The resource definitions (content.ts), the server's routes, the sidebar,
 * the screens, the seed and GET /api/app/content all read this one table. See docs/content.md.
 *
 * Two shapes: a **list** (items on the resource kit, in the shared content tables, ordered, with
 * categories and sub-categories where the type has them) and a **page** (one record per program: a web
 * page the app opens, a link, a logo).
 */
import type { MenuArea, SubMenuTitle } from '@baridesk/domain';

/** The columns a content item or page may use (content_items / content_pages). */
export type ContentFieldName =
  | 'title'
  | 'subtitle'
  | 'body'
  | 'image'
  | 'link'
  | 'video_url'
  | 'duration_minutes'
  | 'phone'
  | 'email'
  | 'address';

/** How a type uses one column: its label on the forms and whether it must be filled in. */
export interface ContentFieldUse {
  readonly label: string;
  readonly required?: boolean;
}

export type ContentFields = { readonly [K in ContentFieldName]?: ContentFieldUse };

/** Who sees a content type in the sidebar: its sub-menu switch (null: none) and its menu area (or the shop's switch). */
interface ContentVisibility {
  /** The sub-menu manager title that switches it on for the program; null when no switch governs it. */
  readonly title: SubMenuTitle | null;
  /** The program user's flag area (domain MENU_AREAS); 'shop' is the shop_url switch; 'none' when no flag guards it. */
  readonly area: MenuArea | 'shop' | 'none';
  /** Only the program's sub user sees and edits it. */
  readonly subUserOnly?: boolean;
  /** The special program's group: Weight Management; every other type goes under Weight Loss Surgery. */
  readonly weightManagement?: boolean;
}

export interface ContentListType extends ContentVisibility {
  readonly shape: 'list';
  /** The rows' `menu` and the API route name: /api/content/<key>. */
  readonly key: string;
  /** The sidebar's and the list's heading. */
  readonly label: string;
  /** One item, in notices and form titles. */
  readonly singular: string;
  readonly fields: ContentFields;
  /** 0: none; 1: categories; 2: categories and sub-categories. */
  readonly categories: 0 | 1 | 2;
  /** Category calls of its own besides the generic /api/content/content-categories?menu=<key> (support service and group). */
  readonly categoryApi?: { readonly category: string; readonly subCategory: string };
  /** The shell's paths (route-table spelling) of its screens; a type without store/edit paths edits in a dialog over the list. */
  readonly screens: {
    readonly list: string;
    readonly store?: string;
    readonly edit?: string;
    readonly show?: string;
    /** Category screens of its own; otherwise the generic /:menuTitle/categories and /:menuTitle/sub-categories with its key. */
    readonly categories?: string;
    readonly subCategories?: string;
  };
  /** Store and update also take multipart/form-data with the image file (the spec's member portals). */
  readonly multipart?: boolean;
}

export interface ContentPageType extends ContentVisibility {
  readonly shape: 'page';
  /** The row's `page` and the API route name: GET /api/content/<key>, POST /api/content/<key>/update. */
  readonly key: string;
  readonly label: string;
  readonly fields: ContentFields;
  /** The page's screen; `edit` when the spec gives the form a path of its own (the shop). */
  readonly screens: { readonly show: string; readonly edit?: string };
}

export type ContentType = ContentListType | ContentPageType;

const title = (label = 'Title'): ContentFieldUse => ({ label, required: true });

/** Every content type, in the sidebar's order. */
export const CONTENT_LIBRARY = [
  {
    shape: 'list',
    key: 'contacts',
    label: 'Contact Us',
    singular: 'Contact',
    title: 'Contact Us',
    area: 'contact',
    fields: {
      title: title('Name'),
      subtitle: { label: 'Role or department' },
      phone: { label: 'Phone' },
      email: { label: 'Email' },
      address: { label: 'Address' },
      link: { label: 'Website' },
      image: { label: 'Photo' },
      body: { label: 'Notes for patients' },
    },
    // The contact categories are the spec's coordinator categories (-1 and -2: the special program's two groups).
    categories: 1,
    screens: {
      list: '/contacts',
      store: '/contacts/store',
      edit: '/contacts/:id/edit',
      show: '/contacts/:id/show',
      categories: '/coordinator-categories',
    },
  },
  {
    shape: 'list',
    key: 'doctors',
    label: 'Our Team',
    singular: 'Team member',
    title: 'Our Team',
    area: 'our_team',
    fields: {
      title: title('Name'),
      subtitle: { label: 'Credentials and specialty' },
      image: { label: 'Photo' },
      body: { label: 'Biography' },
      phone: { label: 'Phone' },
      email: { label: 'Email' },
      link: { label: 'Profile page' },
    },
    categories: 0,
    screens: { list: '/doctors' },
  },
  {
    shape: 'list',
    key: 'faqs',
    label: 'FAQ’s',
    singular: 'FAQ',
    title: 'FAQ\u2019s',
    area: 'faq',
    fields: { title: title('Question'), body: { label: 'Answer', required: true } },
    categories: 1,
    screens: { list: '/faqs', store: '/faq/new', edit: '/faq/:id/edit', show: '/faq/:id/show' },
  },
  {
    shape: 'list',
    key: 'vitamin-supplement',
    label: 'Vitamin and Supplements',
    singular: 'Vitamin or supplement',
    title: 'Vitamin and Supplements',
    area: 'vitamin_supplement',
    fields: {
      title: title('Name'),
      subtitle: { label: 'Dose and timing' },
      body: { label: 'Details' },
      image: { label: 'Image' },
      link: { label: 'Where to buy' },
    },
    categories: 2,
    screens: {
      list: '/vitamin-supplement',
      store: '/vitamin-supplement/store',
      edit: '/vitamin-supplement/:id/edit',
      show: '/vitamin-supplement/:id/show',
      categories: '/vitamin-supplement/category',
      subCategories: '/vitamin-supplement/sub-category',
    },
  },
  {
    shape: 'list',
    key: 'success-stories',
    label: 'Success Stories',
    singular: 'Success story',
    title: 'Success Stories',
    area: 'after_before',
    fields: {
      title: title(),
      subtitle: { label: 'Patient and procedure' },
      body: { label: 'Story', required: true },
      image: { label: 'Photo' },
      video_url: { label: 'Video URL' },
    },
    categories: 0,
    screens: { list: '/success-stories' },
  },
  {
    shape: 'page',
    key: 'diabetes-website',
    label: 'Diabetes Education',
    title: 'Diabetes Education',
    area: 'none',
    fields: { title: title(), link: { label: 'Web page' }, body: { label: 'Text' }, image: { label: 'Image' } },
    screens: { show: '/diabetes' },
  },
  {
    shape: 'list',
    key: 'videos',
    label: 'Videos',
    singular: 'Video',
    title: 'Videos',
    area: 'videos',
    fields: {
      title: title(),
      video_url: { label: 'Video URL', required: true },
      image: { label: 'Thumbnail' },
      duration_minutes: { label: 'Length (minutes)' },
      body: { label: 'Description' },
    },
    categories: 1,
    screens: { list: '/videos' },
  },
  {
    shape: 'list',
    key: 'diet',
    label: 'Nutrition Guidelines',
    singular: 'Guideline',
    title: 'Diet Guidelines',
    area: 'diet',
    fields: { title: title(), body: { label: 'Guideline', required: true }, image: { label: 'Image' }, link: { label: 'Printable version' } },
    categories: 2,
    screens: { list: '/diet', categories: '/diet-categories', subCategories: '/diet-sub-categories' },
  },
  {
    shape: 'list',
    key: 'instructions',
    label: 'Instructions',
    singular: 'Instruction',
    title: 'Instructions',
    area: 'instruction',
    fields: {
      title: title(),
      body: { label: 'Instructions', required: true },
      image: { label: 'Image' },
      video_url: { label: 'Video URL' },
      link: { label: 'Document link' },
    },
    categories: 2,
    screens: { list: '/instructions', categories: '/instruction-categories', subCategories: '/instruction-sub-categories' },
  },
  {
    shape: 'list',
    key: 'non-surgical-weight-loss',
    label: 'Non-Surgical Weight Loss',
    singular: 'Article',
    title: 'Non-Surgical Weight Loss',
    area: 'non_surgeries_wight',
    weightManagement: true,
    fields: {
      title: title(),
      body: { label: 'Text', required: true },
      image: { label: 'Image' },
      video_url: { label: 'Video URL' },
      link: { label: 'More information' },
    },
    categories: 2,
    screens: {
      list: '/non-surgical-weight-loss',
      categories: '/non-surgical-weight-loss-categories',
      subCategories: '/non-surgical-weight-loss-sub-categories',
    },
  },
  {
    shape: 'page',
    key: 'program-logo',
    label: 'Program Logo',
    title: null,
    area: 'program_logo',
    fields: { title: title('Name shown with the logo'), image: { label: 'Logo', required: true } },
    screens: { show: '/program-logo' },
  },
  {
    shape: 'page',
    key: 'bmi-website',
    label: 'Check My BMI',
    title: 'Check My BMI',
    area: 'none',
    fields: { title: title(), link: { label: 'BMI calculator page' }, body: { label: 'Text' } },
    screens: { show: '/check-my-bmi' },
  },
  {
    shape: 'list',
    key: 'support-service',
    label: 'Support Service',
    singular: 'Support service',
    title: 'Support Service',
    area: 'support_services',
    fields: {
      title: title('Name'),
      subtitle: { label: 'Provider' },
      body: { label: 'Description' },
      phone: { label: 'Phone' },
      email: { label: 'Email' },
      address: { label: 'Address' },
      link: { label: 'Website' },
      image: { label: 'Image' },
    },
    categories: 2,
    categoryApi: { category: '/api/content/support-service-category', subCategory: '/api/content/support-service-sub-category' },
    screens: { list: '/support-service', categories: '/support-service/category', subCategories: '/support-service/sub-category' },
  },
  {
    shape: 'list',
    key: 'support-group',
    label: 'Support Group',
    singular: 'Support group',
    title: 'Support Group',
    area: 'support_group',
    fields: {
      title: title('Name'),
      subtitle: { label: 'When it meets' },
      body: { label: 'Description' },
      address: { label: 'Where' },
      link: { label: 'Online meeting link' },
      phone: { label: 'Contact phone' },
      image: { label: 'Image' },
    },
    categories: 2,
    categoryApi: { category: '/api/content/support-group-category', subCategory: '/api/content/support-group-sub-category' },
    screens: { list: '/support-group', categories: '/support-group/category', subCategories: '/support-group/sub-category' },
  },
  {
    shape: 'page',
    key: 'join-our-facebook',
    label: 'Join Us On Facebook',
    title: 'Join Us On Facebook',
    area: 'join_us_facebook',
    fields: { title: title(), link: { label: 'Facebook page or group', required: true }, body: { label: 'Text' } },
    screens: { show: '/join-our-facebook' },
  },
  {
    shape: 'page',
    key: 'shop-website',
    label: 'Shop',
    title: 'Shop',
    area: 'shop',
    fields: { title: title(), link: { label: 'Shop address', required: true }, body: { label: 'Text' }, image: { label: 'Image' } },
    screens: { show: '/shop', edit: '/shop/edit' },
  },
  {
    shape: 'page',
    key: 'our-website',
    label: 'Our Website',
    title: 'Our Website',
    area: 'our_website',
    fields: { title: title(), link: { label: 'Website', required: true }, body: { label: 'Text' } },
    screens: { show: '/our-website' },
  },
  {
    shape: 'page',
    key: 'newsletter-website',
    label: 'Newsletter',
    title: 'Newsletter',
    area: 'Newsletter',
    fields: { title: title(), link: { label: 'Sign-up or archive page' }, body: { label: 'Text' }, image: { label: 'Image' } },
    screens: { show: '/newsletter' },
  },
  {
    shape: 'page',
    key: 'blog-website',
    label: 'Our Blog',
    title: 'Our Blog',
    area: 'our_blog',
    fields: { title: title(), link: { label: 'Blog address', required: true }, body: { label: 'Text' } },
    screens: { show: '/blog' },
  },
  {
    shape: 'page',
    key: 'patient-portal',
    label: 'Patient Portal',
    title: 'Patient Portal',
    area: 'patient_portal',
    fields: { title: title(), link: { label: 'Portal sign-in page', required: true }, body: { label: 'Text' } },
    screens: { show: '/patient-portal' },
  },
  {
    shape: 'list',
    key: 'member-portals',
    label: 'Patient Portals',
    singular: 'Patient portal',
    title: 'Patient Portals',
    area: 'none',
    fields: { title: title('Name'), link: { label: 'Portal address', required: true }, image: { label: 'Logo' }, body: { label: 'Description' } },
    categories: 0,
    multipart: true,
    screens: { list: '/patient-portals', store: '/patient-portals/store', edit: '/patient-portals/:id/edit', show: '/patient-portals/:id/show' },
  },
  {
    shape: 'page',
    key: 'education-website',
    label: 'Education',
    title: 'Education',
    area: 'none',
    fields: { title: title(), link: { label: 'Web page' }, body: { label: 'Text' }, image: { label: 'Image' } },
    screens: { show: '/education' },
  },
  {
    shape: 'page',
    key: 'online-seminar',
    label: 'Online Seminar',
    title: 'Online Seminar',
    area: 'online_seminar',
    fields: { title: title(), link: { label: 'Seminar link', required: true }, body: { label: 'Text' }, image: { label: 'Image' } },
    screens: { show: '/online-seminar' },
  },
  {
    shape: 'list',
    key: 'about-surgery',
    label: 'About Surgery',
    singular: 'Article',
    title: 'About Surgery',
    area: 'about_surgery',
    fields: { title: title(), body: { label: 'Text', required: true }, image: { label: 'Image' }, video_url: { label: 'Video URL' } },
    categories: 2,
    screens: {
      list: '/about-surgery',
      store: '/surgery/store',
      edit: '/surgery/:id/edit',
      show: '/surgery/:id/show',
      categories: '/surgery-categories',
      subCategories: '/surgery-sub-categories',
    },
  },
  {
    shape: 'list',
    key: 'resource-manager',
    label: 'Resources',
    singular: 'Resource',
    title: null,
    area: 'none',
    subUserOnly: true,
    fields: {
      title: title(),
      link: { label: 'Link', required: true },
      duration_minutes: { label: 'Engagement time (minutes)' },
      image: { label: 'Preview image' },
      body: { label: 'Summary' },
    },
    categories: 2,
    screens: { list: '/resource-manager' },
  },
] as const satisfies readonly ContentType[];

export type ContentTypeKey = (typeof CONTENT_LIBRARY)[number]['key'];
export type ContentListKey = Extract<(typeof CONTENT_LIBRARY)[number], { shape: 'list' }>['key'];
export type ContentPageKey = Extract<(typeof CONTENT_LIBRARY)[number], { shape: 'page' }>['key'];

/** The support group's menu data (GET and POST /api/content/support-group/menu-data): a page row of its own. */
export const SUPPORT_GROUP_MENU_PAGE = 'support-group-menu';

/** The `menu` of a dynamic section's rows (with their section_id). */
export const DYNAMIC_SECTION_MENU = 'dynamic-section';

/** The special program's contact groups: /contact-us?weightLossType=1 is Weight Management's. */
export const CONTACT_GROUPS = { weightManagement: 1, weightLossSurgery: 2 } as const;

export const CONTENT_LISTS = CONTENT_LIBRARY.filter((t): t is Extract<(typeof CONTENT_LIBRARY)[number], { shape: 'list' }> => t.shape === 'list');
export const CONTENT_PAGES = CONTENT_LIBRARY.filter((t): t is Extract<(typeof CONTENT_LIBRARY)[number], { shape: 'page' }> => t.shape === 'page');

/** The type of a key, or undefined (the generic /:menuTitle/categories screens and the API's `menu` parameter). */
export function contentTypeOf(key: string): ContentType | undefined {
  return (CONTENT_LIBRARY as readonly ContentType[]).find((t) => t.key === key);
}

/** Not in the spec: 403 for a content type whose sub-menu switch is off for the program (the sidebar hides it too). */
export const contentSwitchedOff = (label: string) =>
  `${label} is switched off for your program. The program's administrator can switch it on in Manage Menu.`;
/** Not in the spec: 403 for a program user on a type only the program's sub user manages (Resources). */
export const CONTENT_SUB_USER_ONLY = 'Only the program administrator manages this content.';
/** Not in the spec: 403 for a program user without the shop switch. */
export const CONTENT_SHOP_REFUSAL = 'The shop is not switched on for your account.';
