import { create } from 'zustand'

/**
 * How many of the Files page's uploads are still queued or being sent, and how many picked or dropped
 * folders are still having their folders made (their files queued after). Both outlive the page
 * (uploads go on while the operator is elsewhere); the navigation shows their sum beside Files.
 */
export const useUploadsUnderWay = create<{ readonly waiting: number; readonly folderJobs: number }>(() => ({ waiting: 0, folderJobs: 0 }))

/** What the navigation counts beside Files: files waiting or being sent, and folders whose folders are being made. */
export const uploadsUnderWay = (s: { readonly waiting: number; readonly folderJobs: number }) => s.waiting + s.folderJobs
