import { useTranslation } from 'react-i18next';
import { CrudDashboard } from '@/components/data-table/crud-dashboard';
import { useListFilter } from '@/components/data-table/use-list-filter';
import { StatusCell } from '@/components/lifecycle/lifecycle-panel';
import { DetailsList } from '@/components/ui/details-list';
import { Media, Thumb } from '@/components/ui/media';
import { formPath, paths } from '@/config/paths';
import { usePageParam } from '@/hooks/use-page-param';
import { formatDate, formatDateTime } from '@/lib/dates';
import { ACCESS } from '@/lib/permissions';
import { trackPublish } from '@/lib/publish-status';
import { useDeleteBlog } from '../api/delete-blog';
import { useBlogs } from '../api/get-blogs';
import type { Blog } from '../types';

export function BlogsDashboard() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const [filter, setFilter] = useListFilter();
  const query = useBlogs(page, filter);
  const remove = useDeleteBlog();
  return (
    <CrudDashboard<Blog>
      title={t('blogs.title')}
      access={ACCESS.content}
      add={{ label: t('blogs.add'), to: paths.addBlog }}
      filter={{ value: filter, onChange: setFilter }}
      query={query}
      page={page}
      onPageChange={setPage}
      rowName={(blog) => blog.name}
      columns={[
        { key: 'image', header: t('blogs.columns.image'), width: 'media', cell: (blog) => <Thumb src={blog.image_url} alt={blog.name} /> },
        { key: 'title', header: t('blogs.columns.title'), width: 'wide', cell: (blog) => <span className="cell-title">{blog.name}</span> },
        { key: 'status', header: t('lifecycle.status'), cell: (blog) => <StatusCell record={blog} /> },
        { key: 'order', header: t('blogs.columns.displayOrder'), width: 'narrow', cell: (blog) => blog.display_order },
        { key: 'created', header: t('blogs.columns.created'), cell: (blog) => formatDate(blog.created_at) },
      ]}
      view={{ title: t('blogs.details'), render: (blog) => <BlogDetails blog={blog} /> }}
      editTo={(blog) => formPath(paths.addBlog, blog.id)}
      remove={{ run: (blog) => remove.mutateAsync(blog), success: t('blogs.toast.deleted'), onDone: () => void trackPublish() }}
    />
  );
}

function BlogDetails({ blog }: { blog: Blog }) {
  const { t } = useTranslation();
  return (
    <div className="details-view">
      <Media src={blog.image_url} alt={blog.name} className="details-view__media" />
      <DetailsList
        items={[
          { label: t('blogs.fields.name'), value: blog.name },
          { label: t('blogs.fields.nameAr'), value: blog.name_ar, lang: 'ar', dir: 'rtl' },
          { label: t('blogs.fields.displayOrder'), value: blog.display_order },
          { label: t('blogs.fields.description'), value: <div className="prose" dangerouslySetInnerHTML={{ __html: blog.description }} /> },
          {
            label: t('blogs.fields.descriptionAr'),
            value: blog.description_ar ? <div className="prose" dangerouslySetInnerHTML={{ __html: blog.description_ar }} /> : '',
            lang: 'ar',
            dir: 'rtl',
          },
          { label: t('blogs.fields.metaTitle'), value: blog.meta_title },
          { label: t('blogs.fields.metaDescription'), value: blog.meta_description },
          { label: t('blogs.fields.keyWords'), value: blog.key_words },
          { label: t('blogs.fields.metaTitleAr'), value: blog.meta_title_ar, lang: 'ar', dir: 'rtl' },
          { label: t('blogs.fields.metaDescriptionAr'), value: blog.meta_description_ar, lang: 'ar', dir: 'rtl' },
          { label: t('blogs.fields.keyWordsAr'), value: blog.key_words_ar, lang: 'ar', dir: 'rtl' },
          { label: t('common.createdAt'), value: formatDateTime(blog.created_at) },
          { label: t('common.updatedAt'), value: formatDateTime(blog.updated_at) },
        ]}
      />
    </div>
  );
}
