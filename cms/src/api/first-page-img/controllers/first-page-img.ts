import { wholeListController } from '../../../utils/whole-list';

export default wholeListController('api::first-page-img.first-page-img');
