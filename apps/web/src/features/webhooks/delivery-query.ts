/**
 * The delivery log's first page, as the route's loader prefetches it and the page asks for it. A
 * module of its own, without the page: the route's loader is part of the app's first load.
 */
export const firstDeliveryPage = (endpointId: string) => ({ id: endpointId, page: 1 });
