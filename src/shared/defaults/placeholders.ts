/** docs/product/viewer.md placeholders for empty cover and welcome fields in the viewer. */
export const PLACEHOLDERS = {
  companyName: 'Company Name',
  projectName: 'Project Name',
  projectAddress: 'City, State Zipcode',
  name: 'Contractor Name',
  phoneNumber: 'Phone Number',
} as const;
