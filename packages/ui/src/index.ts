/**
 * @baridesk/ui: the BariDesk theme, the shared components, and the Chakra UI pieces the apps may use.
 * Apps import Chakra only from here; named re-exports (never `export *`) keep each federated shared
 * chunk down to what the product uses.
 *
 * The package has these entries, each its own shared chunk, so a page loads only what it shows:
 *   '@baridesk/ui'           provider, theme, notices, page chrome, form fields, primitives (the sign-in page needs only this)
 *   '@baridesk/ui/overlays'  dialogs, confirm, menus, popovers, tooltips, drawers, tabs, accordions
 *   '@baridesk/ui/lists'     DataTable, paging, list parameters, search and filters, tables
 *   '@baridesk/ui/controls'  checkboxes, switches and radio groups
 *   '@baridesk/ui/dates'     date and time pickers (with luxon), and the repeat rule's fields
 *   '@baridesk/ui/resources' the resource kit's screens (list, form, show, categories, ordering) and SortableList (with dnd-kit)
 *   '@baridesk/ui/uploads'   image and document upload widgets (preview, progress, cancel, replace, remove)
 *   '@baridesk/ui/rich-text' the rich-text editor (TipTap and ProseMirror: heavy, so only the screens that edit rich text load it)
 *   '@baridesk/ui/charts'    bar, line and doughnut charts (apexcharts: heavy, so only the screens that draw charts load it)
 * Add a Chakra component to the entry of the screens that need it.
 */

// Theme, provider, notices
export { system } from './system';
export { UiProvider } from './ui-provider';
export { toaster, Toaster, notify, type Notice, type NoticeStatus } from './toaster';
export { useBusNotices } from './use-bus-notices';

// Page chrome
export { PageFrame, APP_NAME, type PageFrameProps } from './page-frame';
export { AreaNotFound, type AreaNotFoundProps } from './area-not-found';
export { Breadcrumbs, type BreadcrumbsProps, type Crumb } from './breadcrumbs';
export { DetailRow, type DetailRowProps } from './detail-row';
export { SummaryFact, type SummaryFactProps } from './summary-fact';
export { PageTransition, type PageTransitionProps } from './page-transition';
export { ErrorList, type ErrorListProps } from './error-list';
export { Glyph, type GlyphName } from './icons';
export type { ScreenLoaders } from './screens';

// Forms
export { useValibotForm, applyServerErrors, type ValibotFormReturn } from './form';
export { useFormSubmit, type FormSubmitNotices, type FormSubmitOptions } from './use-form-submit';
export { FormField, type FormFieldProps, type FormFieldControl } from './form-field';
export type { FieldBinding } from './field-binding';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { TextareaField, type TextareaFieldProps } from './textarea-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';

// Chakra UI v3: layout and primitives the screens use.
export {
  // layout
  Box,
  Flex,
  Stack,
  HStack,
  VStack,
  Grid,
  GridItem,
  SimpleGrid,
  Container,
  Center,
  Spacer,
  Wrap,
  Group,
  Separator,
  // text and media
  Heading,
  Text,
  Span,
  Link,
  Badge,
  Code,
  Image,
  Icon,
  List,
  VisuallyHidden,
  // actions and inputs
  Button,
  IconButton,
  CloseButton,
  Input,
  InputGroup,
  Textarea,
  NativeSelect,
  Field,
  Fieldset,
  // structure and feedback
  Card,
  Alert,
  EmptyState,
  Spinner,
  Skeleton,
  SkeletonText,
  // styling and hooks
  chakra,
  useDisclosure,
  useBreakpointValue,
  useMediaQuery,
} from '@chakra-ui/react';
export type {
  BoxProps,
  FlexProps,
  StackProps,
  GridProps,
  TextProps,
  HeadingProps,
  ButtonProps,
  IconButtonProps,
  InputProps,
  LinkProps,
  BadgeProps,
  IconProps,
  HTMLChakraProps,
  SystemStyleObject,
} from '@chakra-ui/react';
