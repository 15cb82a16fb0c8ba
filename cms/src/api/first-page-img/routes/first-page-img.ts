import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::first-page-img.first-page-img');
