package gpu

// Device-local 2D images with a view: the attachments of a RenderTarget.

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// texelSize is the size in bytes of one texel of the colour formats a
// RenderTarget can read back.
func texelSize(f Format) (uint64, bool) {
	switch f {
	case FormatR32Uint, FormatR32Sint, FormatR32Sfloat, FormatR8G8B8A8Unorm, FormatR8G8B8A8Uint, FormatB8G8R8A8Unorm:
		return 4, true
	case FormatR32G32Uint, FormatR32G32Sfloat, FormatR16G16B16A16Sfloat:
		return 8, true
	case FormatR32G32B32A32Uint, FormatR32G32B32A32Sfloat:
		return 16, true
	}
	return 0, false
}

// image is a 2D image with its own memory and a view.
type image struct {
	h    vk.Image
	mem  vk.DeviceMemory
	view vk.ImageView
}

func (d *Device) newImage(w, h uint32, f Format, usage vk.ImageUsageFlagBits, aspect vk.ImageAspectFlagBits) (image, error) {
	var im image
	if d.compileOnly {
		return im, nil // a stand-in: nothing draws into it
	}
	var ih vk.Image
	if err := d.check(fmt.Sprintf("create %dx%d image", w, h), vk.CreateImage(d.h, &vk.ImageCreateInfo{
		SType:         vk.StructureTypeImageCreateInfo,
		ImageType:     vk.ImageType2d,
		Format:        f.vk(),
		Extent:        vk.Extent3D{Width: w, Height: h, Depth: 1},
		MipLevels:     1,
		ArrayLayers:   1,
		Samples:       vk.SampleCount1Bit,
		Tiling:        vk.ImageTilingOptimal,
		Usage:         vk.ImageUsageFlags(usage),
		SharingMode:   vk.SharingModeExclusive,
		InitialLayout: vk.ImageLayoutUndefined,
	}, nil, &ih)); err != nil {
		return im, err
	}
	im.h = ih
	var req vk.MemoryRequirements
	vk.GetImageMemoryRequirements(d.h, im.h, &req)
	req.Deref()
	mem, err := d.allocate(req, vk.MemoryPropertyDeviceLocalBit, 0, nil)
	if err != nil {
		d.destroyImage(&im)
		return im, fmt.Errorf("image memory: %w", err)
	}
	im.mem = mem
	if err := d.check("bind image memory", vk.BindImageMemory(d.h, im.h, im.mem, 0)); err != nil {
		d.destroyImage(&im)
		return im, err
	}
	var view vk.ImageView
	if err := d.check("create image view", vk.CreateImageView(d.h, &vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    im.h,
		ViewType: vk.ImageViewType2d,
		Format:   f.vk(),
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(aspect), LevelCount: 1, LayerCount: 1,
		},
	}, nil, &view)); err != nil {
		d.destroyImage(&im)
		return im, err
	}
	im.view = view
	return im, nil
}

// destroyImage destroys im's objects (the caller has released the GPU).
func (d *Device) destroyImage(im *image) {
	if im.view != vk.NullImageView {
		vk.DestroyImageView(d.h, im.view, nil)
	}
	if im.h != vk.NullImage {
		vk.DestroyImage(d.h, im.h, nil)
	}
	if im.mem != vk.NullDeviceMemory {
		vk.FreeMemory(d.h, im.mem, nil)
	}
	*im = image{}
}
