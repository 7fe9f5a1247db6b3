import type { FastifyRequest } from 'fastify';
/** The one route that takes a raw body (a photo's bytes) instead of JSON. */
export const PHOTO_UPLOAD_PATH = '/api/deficiencies/:id/photos';

/** Content types a photo upload may be sent with; its bytes decide what it really is. */
export const isPhotoUploadType = (type: string) => /^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i.test(type);

/**
 * A photo travels as its own bytes (plugins/security.ts lets this one route take them): like
 * JSON, an image type cannot be sent cross-site without a CORS preflight.
 */
export const isPhotoUpload = (request: FastifyRequest, type: string): boolean =>
  request.method === 'POST' && request.routeOptions.url === PHOTO_UPLOAD_PATH && isPhotoUploadType(type);
