/**
 * @baridesk/ui: the BariDesk theme, the shared components, and the Chakra UI pieces the apps may use.
 * Apps import Chakra only from here; named re-exports (never `export *`) keep the federated shared
 * chunk down to what the product uses. Add a Chakra component here when a screen needs it.
 */

// Theme, provider, notices
export { system } from './system';
export { UiProvider } from './ui-provider';
export { toaster, Toaster, notify, type Notice, type NoticeStatus } from './toaster';
export { useBusNotices } from './use-bus-notices';

// Page chrome
export { PageFrame, APP_NAME, type PageFrameProps } from './page-frame';
export { PageTransition, type PageTransitionProps } from './page-transition';
export { ReportBanner, REPORT_PREPARING_MESSAGE, type ReportBannerProps } from './report-banner';

// Lists
export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type SortDirection,
  type TableSort,
} from './data-table';
export { Pager, type PagerProps, type PerPage } from './pager';
export {
  useListParams,
  listParamsActions,
  listTableProps,
  type ListParams,
  type ListParamsActions,
} from './use-list-params';
export { SearchBox, type SearchBoxProps } from './search-box';
export { FilterSelect, type FilterSelectProps, type FilterOption } from './filter-select';
export { LoadError, type LoadErrorProps } from './load-error';
export { RowActions, type RowActionsProps } from './row-actions';
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './use-debounced-value';

// Dialogs and messages
export { Modal, type ModalProps } from './modal';
export { FormModal, type FormModalProps } from './form-modal';
export { ConfirmDialog, useConfirm, type ConfirmDialogProps, type ConfirmOptions } from './confirm-dialog';
export { ErrorList, type ErrorListProps } from './error-list';

// Forms
export { useValibotForm, applyServerErrors, type ValibotFormReturn } from './form';
export { FormField, type FormFieldProps, type FormFieldControl } from './form-field';
export type { FieldBinding } from './field-binding';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { TextareaField, type TextareaFieldProps } from './textarea-field';
export { ToggleSwitch, type ToggleSwitchProps } from './toggle-switch';
export { SwitchField, type SwitchFieldProps } from './switch-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export {
  DatePicker,
  toDisplayDate,
  fromDisplayDate,
  DATE_DISPLAY_FORMAT,
  DATE_VALUE_FORMAT,
  type DatePickerProps,
} from './date-picker';
export { DatePickerField, type DatePickerFieldProps } from './date-picker-field';
export { MonthCalendar, type MonthCalendarProps } from './month-calendar';
export { TimePicker, toDisplayTime, fromDisplayTime, type TimePickerProps } from './time-picker';
export { TimePickerField, type TimePickerFieldProps } from './time-picker-field';
export { Glyph, type GlyphName } from './icons';

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
  Avatar,
  List,
  VisuallyHidden,
  // actions and inputs
  Button,
  IconButton,
  CloseButton,
  Input,
  InputGroup,
  Textarea,
  Checkbox,
  Switch,
  RadioGroup,
  NativeSelect,
  Field,
  Fieldset,
  // overlays
  Menu,
  Dialog,
  Drawer,
  Popover,
  Tooltip,
  Portal,
  // structure and feedback
  Table,
  Card,
  Tabs,
  Accordion,
  Collapsible,
  Alert,
  EmptyState,
  Progress,
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
