import { create } from 'zustand'

/**
 * How many of the Files page's uploads are still queued or being sent. The queue outlives the page
 * (uploads go on while the operator is elsewhere); the navigation shows this count beside Files.
 */
export const useUploadsUnderWay = create<{ readonly waiting: number }>(() => ({ waiting: 0 }))
