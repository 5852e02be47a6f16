/** @baridesk/ui/uploads: image and document upload widgets, standalone and as form fields (see index.ts for the entries). */
export { ImageUpload, FileUpload, ImageUploadField, FileUploadField } from './upload-fields';
export type { ImageUploadProps, FileUploadProps, ImageUploadFieldProps, FileUploadFieldProps, UploadValueAs } from './upload-fields';
export { uploadTo, uploadHint, DEFAULT_UPLOAD_PATH, type UploadFn, type StoredFile } from './upload-control';
