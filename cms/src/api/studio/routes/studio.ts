import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::studio.studio');
