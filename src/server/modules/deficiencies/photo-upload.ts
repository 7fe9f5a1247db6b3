/** The one route that takes a raw body (a photo's bytes) instead of JSON. */
export const PHOTO_UPLOAD_PATH = '/api/deficiencies/:id/photos';

/** Content types a photo upload may be sent with; its bytes decide what it really is. */
export const isPhotoUploadType = (type: string) => /^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i.test(type);
