// mote-samples: the PNG writer (png_write.h), through libpng's simplified API.
#include "png_write.h"

#include <cstdio>
#include <cstring>

#include <png.h>

namespace samples {

bool write_png(const std::string &path, int width, int height, const std::vector<uint8_t> &rgb) {
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(width);
    image.height = static_cast<png_uint_32>(height);
    image.format = PNG_FORMAT_RGB;
    if (!png_image_write_to_file(&image, path.c_str(), 0, rgb.data(), width * 3, nullptr)) {
        std::fprintf(stderr, "mote-samples: cannot write the screenshot %s: %s\n", path.c_str(),
                     image.message);
        png_image_free(&image);
        return false;
    }
    return true;
}

} // namespace samples
