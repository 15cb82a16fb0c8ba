import { wholeListController } from '../../../utils/whole-list';

export default wholeListController('api::profilelist.profilelist');
