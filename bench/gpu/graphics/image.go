package graphics

// Device-local 2D images with a view: the attachments of a RenderTarget.

import (
	"fmt"

	"github.com/radvbench/radvbench/bench/gpu"
	vk "github.com/vulkan-go/vulkan"
)

// TexelSize is the size in bytes of one texel of the colour formats a
// RenderTarget can read back (false for any other format).
func TexelSize(f gpu.Format) (uint64, bool) {
	switch f {
	case gpu.FormatR32Uint, gpu.FormatR32Sint, gpu.FormatR32Sfloat, gpu.FormatR8G8B8A8Unorm, gpu.FormatR8G8B8A8Uint, gpu.FormatB8G8R8A8Unorm:
		return 4, true
	case gpu.FormatR32G32Uint, gpu.FormatR32G32Sfloat, gpu.FormatR16G16B16A16Sfloat:
		return 8, true
	case gpu.FormatR32G32B32A32Uint, gpu.FormatR32G32B32A32Sfloat:
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

func newImage(d *gpu.Device, w, h uint32, f gpu.Format, usage vk.ImageUsageFlagBits, aspect vk.ImageAspectFlagBits) (image, error) {
	var im image
	if d.CompileOnly() {
		return im, nil // a stand-in: nothing draws into it
	}
	var ih vk.Image
	if err := d.Check(fmt.Sprintf("create %dx%d image", w, h), vk.CreateImage(d.Handle(), &vk.ImageCreateInfo{
		SType:         vk.StructureTypeImageCreateInfo,
		ImageType:     vk.ImageType2d,
		Format:        vk.Format(f),
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
	vk.GetImageMemoryRequirements(d.Handle(), im.h, &req)
	req.Deref()
	mem, err := d.AllocateMemory(req, vk.MemoryPropertyDeviceLocalBit)
	if err != nil {
		destroyImage(d, &im)
		return im, fmt.Errorf("image memory: %w", err)
	}
	im.mem = mem
	if err := d.Check("bind image memory", vk.BindImageMemory(d.Handle(), im.h, im.mem, 0)); err != nil {
		destroyImage(d, &im)
		return im, err
	}
	var view vk.ImageView
	if err := d.Check("create image view", vk.CreateImageView(d.Handle(), &vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    im.h,
		ViewType: vk.ImageViewType2d,
		Format:   vk.Format(f),
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(aspect), LevelCount: 1, LayerCount: 1,
		},
	}, nil, &view)); err != nil {
		destroyImage(d, &im)
		return im, err
	}
	im.view = view
	return im, nil
}

// destroyImage destroys im's objects (the caller has released the GPU).
func destroyImage(d *gpu.Device, im *image) {
	h := d.Handle()
	if im.view != vk.NullImageView {
		vk.DestroyImageView(h, im.view, nil)
	}
	if im.h != vk.NullImage {
		vk.DestroyImage(h, im.h, nil)
	}
	if im.mem != vk.NullDeviceMemory {
		vk.FreeMemory(h, im.mem, nil)
	}
	*im = image{}
}
