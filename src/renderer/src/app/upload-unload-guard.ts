import { useEffect } from 'react'
import { anyUploadUnderWay, useUploadsUnderWay } from '../stores/uploads'
import { askBeforeUnload } from './leave-guard'

/**
 * While files are still queued or being sent (or a picked folder still has its folders made), on the Files
 * page or from a job's scope picker ("Choose files…", a drop), closing or
 * reloading the window asks first. The upload queue lives in the window: those files were dropped
 * without a word, and of a folder of thousands nobody could tell which had been sent.
 */
export function useAskBeforeUnloadWhileUploading(): void {
  const uploading = useUploadsUnderWay(anyUploadUnderWay)
  useEffect(() => {
    if (!uploading) return undefined
    window.addEventListener('beforeunload', askBeforeUnload)
    return () => window.removeEventListener('beforeunload', askBeforeUnload)
  }, [uploading])
}
