/** @baridesk/ui/overlays: what opens above a page (see index.ts for the entries). */
export { Modal, type ModalProps } from './modal';
export { FormModal, type FormModalProps } from './form-modal';
export { ConfirmDialog, useConfirm, type ConfirmDialogProps, type ConfirmOptions } from './confirm-dialog';
export { ReportBanner, REPORT_PREPARING_MESSAGE, progressText, type ReportBannerProps, type ReportProgress } from './report-banner';
export { useDownloadTask, useLongTask, type DownloadTask, type LongTask, type TaskWork } from './use-long-task';
export { Menu, Dialog, Drawer, Popover, Tooltip, Portal, Tabs, Accordion, Collapsible, Avatar } from '@chakra-ui/react';
