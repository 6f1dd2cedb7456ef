import { LifecyclePage } from '@/components/lifecycle/lifecycle-page';

export default LifecyclePage;
