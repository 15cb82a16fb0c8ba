import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::media-text.media-text');
