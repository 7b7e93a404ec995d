/**
 * Permissions-Policy on every answer: the app uses none of these browser features, so neither it
 * nor anything framed in it may ask for them. (The signature pad draws with a pointer; it needs
 * none of them.)
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');
