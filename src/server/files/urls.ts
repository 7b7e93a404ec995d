/** Where the browser reads a stored file. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;
